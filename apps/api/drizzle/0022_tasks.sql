-- Project tasks (issue 12): the action list, its history, and when a project entered each status.
-- The SET NULL keys name their column (PostgreSQL 15+), so tenant_id is never cleared.
CREATE TABLE "project_status_history" (
	"tenant_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"status" text NOT NULL,
	"entered_at" timestamp NOT NULL,
	CONSTRAINT "project_status_history_tenant_id_project_id_status_pk" PRIMARY KEY("tenant_id","project_id","status")
);
--> statement-breakpoint
CREATE TABLE "task_history" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"user_id" uuid,
	"user_name" text,
	CONSTRAINT "task_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"template_task_id" uuid,
	"title" text NOT NULL,
	"action_by" text,
	"staff_responsible" text,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"trigger_type" text DEFAULT 'After' NOT NULL,
	"trigger" text,
	"trigger_project_status" text,
	"fixed_date_at" timestamp,
	"default_entity" text,
	"default_contact" text,
	"email_template" uuid,
	"instructions" text,
	"is_auto_complete" boolean DEFAULT false NOT NULL,
	"share_action_on_client" boolean DEFAULT false NOT NULL,
	"share_action_on_sp" boolean DEFAULT false NOT NULL,
	"email_reminder" boolean DEFAULT false NOT NULL,
	"email_notice" boolean DEFAULT false NOT NULL,
	"actioned_at_days" integer DEFAULT 0 NOT NULL,
	"actioned_at_hours" integer DEFAULT 0 NOT NULL,
	"actioned_at_mins" integer DEFAULT 0 NOT NULL,
	"is_auto_due_date" boolean DEFAULT true NOT NULL,
	"trigger_completed_task_id" bigint,
	"sms_template" uuid,
	"action_taken" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"due_date_at" timestamp,
	"completed_at" timestamp,
	"completed_by" uuid,
	"is_generating" boolean DEFAULT false NOT NULL,
	"generating_since" timestamp with time zone,
	"starred" boolean DEFAULT false NOT NULL,
	"user_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "project_status_history" ADD CONSTRAINT "project_status_history_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_tenant_id_task_id_tasks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_trigger_completed_task_id_tasks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","trigger_completed_task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE SET NULL ("trigger_completed_task_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_history_tenant_task_idx" ON "task_history" USING btree ("tenant_id","task_id","at");--> statement-breakpoint
CREATE INDEX "tasks_tenant_project_position_idx" ON "tasks" USING btree ("tenant_id","project_id","position","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_status_due_idx" ON "tasks" USING btree ("tenant_id","status","due_date_at","project_id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_user_due_idx" ON "tasks" USING btree ("tenant_id","user_id","status","due_date_at");--> statement-breakpoint
CREATE INDEX "tasks_tenant_generating_idx" ON "tasks" USING btree ("tenant_id","project_id") WHERE "tasks"."is_generating";--> statement-breakpoint
CREATE INDEX "tasks_tenant_completed_task_idx" ON "tasks" USING btree ("tenant_id","trigger_completed_task_id");
ALTER TABLE tasks ADD CONSTRAINT tasks_offsets CHECK (position >= 0 AND actioned_at_days >= 0 AND actioned_at_hours BETWEEN 0 AND 24 AND actioned_at_mins BETWEEN 0 AND 59);
--> statement-breakpoint
-- When a project (last) entered each status, in company wall-clock time (the 'Project Status'
-- trigger's anchor), and which pending automatic tasks must wait for the due-date job after a
-- project date or the status changes: those whose trigger names what changed, and the ones that
-- take their date from another task (Next, Previous, Completed Task), which may move with it. The
-- job (features/tasks/due-dates-job.ts) computes them and clears is_generating.
CREATE FUNCTION projects_task_anchors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO project_status_history (tenant_id, project_id, status, entered_at)
    VALUES (NEW.tenant_id, NEW.id, NEW.status, date_trunc('minute', now() AT TIME ZONE 'Australia/Brisbane'))
    ON CONFLICT (tenant_id, project_id, status) DO UPDATE SET entered_at = EXCLUDED.entered_at;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.start_date IS DISTINCT FROM OLD.start_date OR NEW.end_date IS DISTINCT FROM OLD.end_date
      OR NEW.completed_on IS DISTINCT FROM OLD.completed_on OR NEW.status IS DISTINCT FROM OLD.status) THEN
    UPDATE tasks SET is_generating = true, generating_since = coalesce(generating_since, now())
    WHERE tenant_id = NEW.tenant_id AND project_id = NEW.id AND status = 'Pending' AND is_auto_due_date
      AND NOT is_generating
      AND (trigger IN ('Next Task', 'Previous Task', 'Completed Task')
        OR (trigger = 'Project Commencement Date' AND NEW.start_date IS DISTINCT FROM OLD.start_date)
        OR (trigger = 'Project End Date' AND NEW.end_date IS DISTINCT FROM OLD.end_date)
        OR (trigger = 'Project Completion Date' AND NEW.completed_on IS DISTINCT FROM OLD.completed_on)
        OR (trigger = 'Project Status' AND NEW.status IS DISTINCT FROM OLD.status
            AND trigger_project_status IN (NEW.status, OLD.status)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_task_anchors AFTER INSERT OR UPDATE OF status, start_date, end_date, completed_on ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_task_anchors();
--> statement-breakpoint
-- Projects that exist already entered their status when they were created, as far as we know.
INSERT INTO project_status_history (tenant_id, project_id, status, entered_at)
SELECT tenant_id, id, status, date_trunc('minute', created_at AT TIME ZONE 'Australia/Brisbane') FROM projects
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Row-level security on the new tenant tables (forced, tenant_id = app_current_tenant()).
SELECT app_enforce_tenant_rls();
