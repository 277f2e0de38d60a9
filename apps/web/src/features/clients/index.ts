export { ClientListScreen } from './client-list-screen';
export { ClientCreateScreen, ClientEditScreen } from './client-screens';
