/**
 * Project statuses. The spec names them (Quote, On Hold, Order, Scheduled, Completed, Cancelled,
 * Closed) but not the transitions; ours are documented in docs/decisions.md.
 */
export const PROJECT_STATUSES = ['quote', 'on_hold', 'order', 'scheduled', 'completed', 'cancelled', 'closed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** How each status is shown: its label and the Mantine colour name of the label. */
const STATUS_LOOKS: Record<ProjectStatus, { label: string; colour: string }> = {
  quote: { label: 'Quote', colour: 'gray' },
  on_hold: { label: 'On Hold', colour: 'orange' },
  order: { label: 'Order', colour: 'blue' },
  scheduled: { label: 'Scheduled', colour: 'indigo' },
  completed: { label: 'Completed', colour: 'green' },
  cancelled: { label: 'Cancelled', colour: 'red' },
  closed: { label: 'Closed', colour: 'dark' },
};
const lookOfEach = (part: 'label' | 'colour') =>
  Object.fromEntries(PROJECT_STATUSES.map((s) => [s, STATUS_LOOKS[s][part]])) as Record<ProjectStatus, string>;

export const PROJECT_STATUS_LABELS = lookOfEach('label');
export const PROJECT_STATUS_COLOURS = lookOfEach('colour');

/** A view's status fields (projectStatusFields) for one status: the key, its label and its colour. */
export const statusView = (status: ProjectStatus) => ({
  status,
  status_label: PROJECT_STATUS_LABELS[status],
  status_colour: PROJECT_STATUS_COLOURS[status],
});

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
