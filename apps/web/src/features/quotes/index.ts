export { QuotesScreen } from './quotes-screen';
export { ClientQuoteScreen } from './client-quote-screen';
export { ClientDecisionLine, SendToClientButton } from './send-to-client';
