export { FinanceReportScreen } from './finance-report-screen';
