export { SettingListScreen } from './setting-list-screen';
export { SettingCreateScreen, SettingEditScreen } from './setting-editor-screens';
