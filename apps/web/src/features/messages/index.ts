export { MessageTemplateListScreen } from './message-template-list-screen';
export { MessageTemplateCreateScreen, MessageTemplateEditScreen } from './message-template-screens';
