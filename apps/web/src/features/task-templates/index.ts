export { TaskTemplateListScreen } from './task-template-list-screen';
export { TaskTemplateCreateScreen, TaskTemplateEditorScreen } from './task-template-editor-screen';
