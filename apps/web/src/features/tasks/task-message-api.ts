/** Where a task's e-mail or SMS lives on the server, and its query key (task-message-tab, the Edit Template modal). */
export type MessageChannel = 'email' | 'sms';
export const taskMessagePath = (taskId: number, channel: MessageChannel) => `/api/tasks/${taskId}/${channel}`;
export const taskMessageKey = (taskId: number, channel: MessageChannel) =>
  ['tasks', 'message', taskId, channel] as const;
