/**
 * Project statuses. The spec names them (Quote, On Hold, Order, Scheduled, Completed, Cancelled,
 * Closed) but not the transitions; ours are documented in docs/decisions.md.
 */
export const PROJECT_STATUSES = ['quote', 'on_hold', 'order', 'scheduled', 'completed', 'cancelled', 'closed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  quote: 'Quote',
  on_hold: 'On Hold',
  order: 'Order',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  closed: 'Closed',
};

/** Mantine colour names for the status label. */
export const PROJECT_STATUS_COLOURS: Record<ProjectStatus, string> = {
  quote: 'gray',
  on_hold: 'orange',
  order: 'blue',
  scheduled: 'indigo',
  completed: 'green',
  cancelled: 'red',
  closed: 'dark',
};

export const PROJECT_TRANSITIONS: Record<ProjectStatus, readonly ProjectStatus[]> = {
  quote: ['order', 'on_hold', 'cancelled'],
  order: ['scheduled', 'on_hold', 'cancelled', 'quote'],
  scheduled: ['completed', 'on_hold', 'cancelled', 'order'],
  on_hold: ['quote', 'order', 'scheduled', 'cancelled'],
  completed: ['closed', 'scheduled'],
  cancelled: ['quote'],
  closed: [],
};

export const canTransition = (from: ProjectStatus, to: ProjectStatus) => PROJECT_TRANSITIONS[from].includes(to);

/** Completed and closed projects show the Completed Date. */
export const showsCompletedDate = (status: ProjectStatus) => status === 'completed' || status === 'closed';

/** A provider may still be assigned while the project is neither completed nor cancelled. */
export const isAssignable = (status: ProjectStatus) =>
  status !== 'completed' && status !== 'cancelled' && status !== 'closed';
