// Demo e-mail and SMS templates (features/messages): what a company would start with.
import { MessageTemplateInput } from '@siteflow/core';
import type { Db } from '../platform/db/client.js';
import { messageTemplates } from '../platform/db/schema.js';
import { sanitizeSettingHtml } from '../features/settings/service.js';
import { seedOnce } from './once.js';

const LOCK = 727006;

/** The templates as an admin would enter them (checked against the core contract when seeded). */
export const DEMO_MESSAGE_TEMPLATES: MessageTemplateInput[] = [
  {
    channel: 'email',
    name: 'Project booked',
    subject: 'Your project {{project_number}} is booked',
    body: '<p>Hello {{site_contact_name}},</p><p>Your project <strong>{{project_name}}</strong> for {{client_trading_name}} starts on {{project_start_date}}. {{service_provider_name}} will attend.</p><p>Questions? Call {{project_manager_name}} on {{project_manager_mobile}} or e-mail {{project_manager_email}}.</p><p>Regards,<br>{{user_name}}</p>',
    status: 'Active',
  },
  {
    channel: 'email',
    name: 'Project completed',
    subject: 'Project {{project_number}} completed',
    body: '<p>Hello {{account_manager_name}},</p><p>{{project_name}} (order {{order_reference}}) was completed on {{project_completion_date}}.</p><ul><li>Report and photos follow in a separate e-mail.</li><li>Reply to this e-mail with any defect.</li></ul><p>Regards,<br>{{user_name}}</p>',
    status: 'Active',
  },
  {
    channel: 'sms',
    name: 'On our way',
    body: 'Hi {{site_contact_name}}, {{service_provider_name}} is on the way to {{project_name}} ({{project_number}}). {{user_name}}',
    status: 'Active',
  },
];

export function seedDemoMessageTemplates(db: Db, tenantId: string) {
  return seedOnce(db, tenantId, {
    lock: LOCK,
    table: messageTemplates,
    existing: (n) => ({ created: false, templates: n }),
    create: async (tx) => {
      const rows = DEMO_MESSAGE_TEMPLATES.map((input) => {
        const t = MessageTemplateInput.parse(input);
        return {
          tenantId,
          channel: t.channel,
          name: t.name,
          subject: t.subject,
          body: t.channel === 'email' ? sanitizeSettingHtml(t.body) : t.body,
          status: t.status,
          clientId: t.client_id,
        };
      });
      await tx.insert(messageTemplates).values(rows);
      return { created: true, templates: rows.length };
    },
  });
}
