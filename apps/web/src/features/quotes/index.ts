export { QuotesScreen } from './quotes-screen';
