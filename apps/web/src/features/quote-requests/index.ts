export { QuoteRequestButton } from './quote-request-button';
