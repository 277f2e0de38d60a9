export { StaffListScreen } from './staff-list-screen';
export { StaffCreateScreen, StaffEditScreen } from './staff-screens';
