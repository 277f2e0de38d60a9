export { CustomerListScreen } from './customer-list-screen';
export { CustomerCreateScreen, CustomerEditScreen } from './customer-screens';
