-- The all-projects action list (issue 12 section 7): its groups read the matching tasks by due date,
-- then project; the list's common filters (status, priority, assignee, star) come from the index alone.
CREATE INDEX "tasks_tenant_due_project_idx" ON "tasks" USING btree ("tenant_id","due_date_at","project_id","status","priority","user_id","starred");