-- Scheduled e-mail notices and reminders of tasks (issue 12): when each went out; the partial index finds the due ones.
ALTER TABLE "tasks" ADD COLUMN "notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tasks_tenant_notices_idx" ON "tasks" USING btree ("tenant_id","due_date_at") WHERE "tasks"."status" = 'Pending' AND ("tasks"."email_notice" OR "tasks"."email_reminder");