export { FinanceScreen } from './finance-screen';
