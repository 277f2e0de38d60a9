import { z } from 'zod';
import { pageOf } from '../common/fields.js';

export const MailboxItem = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  channel: z.enum(['email', 'sms']),
  tenant_name: z.string().nullable(),
  created_at: z.string(),
});
export const MailboxMessage = MailboxItem.extend({ from: z.string(), html: z.string().nullable(), text: z.string() });
export type MailboxMessage = z.infer<typeof MailboxMessage>;
export const MailboxPage = pageOf(MailboxItem);
export type MailboxPage = z.infer<typeof MailboxPage>;
