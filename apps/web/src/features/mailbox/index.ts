export { MailboxListScreen } from './mailbox-list-screen';
export { MailboxMessageScreen } from './mailbox-message-screen';
