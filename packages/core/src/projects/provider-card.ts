import { z } from 'zod';
import { statusBadgeView, userOptionView } from '../common/views.js';

/**
 * The provider card of the project details screen: part of ProjectView, so it lives with the
 * project contracts (providers builds on projects, never the other way round).
 */
export const ProjectProviderView = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Comma-separated names of the assigned staff. */
  sp_users: z.string(),
  staff: z.array(userOptionView()),
  /** The provider's status badge, as in the provider views. */
  ...statusBadgeView,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  has_location: z.boolean(),
  sp_location: z.object({ lat: z.number(), lng: z.number(), address: z.string() }).nullable(),
  /** Last 'Notify Service Provider' for this project and provider. */
  notification: z
    .object({
      id: z.uuid(),
      status: z.enum(['pending', 'sent', 'failed']),
      created_at: z.string(),
      sent_at: z.string().nullable(),
    })
    .nullable(),
});
export type ProjectProviderView = z.infer<typeof ProjectProviderView>;
