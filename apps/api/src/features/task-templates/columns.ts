import type { TemplateTaskData } from '@siteflow/core';

/** The fields a template task and a project's task share; the Completed Task trigger's id differs in type. */
export type SharedTaskData<Id> = Omit<TemplateTaskData, 'task_index' | 'trigger_completed_task_id'> & {
  trigger_completed_task_id: Id | null;
};

/** The table's columns of a saved template task or project task (the fields both have), in one order. */
export const sharedTaskColumns = <Id>(input: SharedTaskData<Id>) => ({
  title: input.title,
  actionBy: input.action_by,
  staffResponsible: input.staff_responsible,
  priority: input.priority,
  triggerType: input.trigger_type,
  trigger: input.trigger,
  triggerProjectStatus: input.trigger_project_status,
  triggerCompletedTaskId: input.trigger_completed_task_id,
  fixedDateAt: input.fixed_date_at,
  defaultEntity: input.default_entity,
  defaultContact: input.default_contact,
  emailTemplate: input.email_template,
  instructions: input.instructions,
  isAutoComplete: input.is_auto_complete,
  shareActionOnClient: input.share_action_on_client,
  shareActionOnSp: input.share_action_on_sp,
  emailReminder: input.email_reminder,
  emailNotice: input.email_notice,
  actionedAtDays: input.actioned_at_days,
  actionedAtHours: input.actioned_at_hours,
  actionedAtMins: input.actioned_at_mins,
  isAutoDueDate: input.is_auto_due_date,
});
