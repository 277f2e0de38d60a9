import { z } from 'zod';
import { isClientRole, isProviderRole, type Role } from '../roles/roles.js';
import { TASK_STATUSES } from './tasks.js';

/**
 * The storyboards (issue 12 section 4; spec 2 section 6): a project's feed of the actions shared
 * with the client ('Share action on client storyboard') and with the service provider ('... on
 * service provider storyboard'). A client user reads the client board, a provider user the
 * provider board, company users either.
 */
export const STORYBOARDS = ['client', 'sp'] as const;
export type Storyboard = (typeof STORYBOARDS)[number];
export const STORYBOARD_LABELS: Record<Storyboard, string> = {
  client: 'Client storyboard',
  sp: 'Service provider storyboard',
};
export const STORYBOARD_TEXT = { empty: 'Nothing has been shared on this storyboard yet.' } as const;

/** The board a user reads: their own for client and provider users, the one asked for (client by default) for staff. */
export const storyboardFor = (role: Role, asked: Storyboard | undefined): Storyboard =>
  isClientRole(role) ? 'client' : isProviderRole(role) ? 'sp' : (asked ?? 'client');

export const StoryboardQuery = z.object({ board: z.enum(STORYBOARDS).optional().catch(undefined) });

export const StoryboardEntry = z.object({
  task_id: z.number().int(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  action_taken: z.string().nullable(),
  /** Company wall-clock 'YYYY-MM-DD HH:mm'. */
  due_date_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  updated_at: z.string(),
  user_name: z.string().nullable(),
});
export type StoryboardEntry = z.infer<typeof StoryboardEntry>;

export const StoryboardView = z.object({
  board: z.enum(STORYBOARDS),
  /** The boards this user may switch between. */
  boards: z.array(z.enum(STORYBOARDS)),
  items: z.array(StoryboardEntry),
});
export type StoryboardView = z.infer<typeof StoryboardView>;
