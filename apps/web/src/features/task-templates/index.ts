export { TaskTemplateListScreen } from './task-template-list-screen';
export { TaskTemplateCreateScreen, TaskTemplateEditorScreen } from './task-template-editor-screen';
export { TaskFields, WallClockPicker, options, whole, type SharedTaskForm, type SharedTaskValues } from './task-fields';
