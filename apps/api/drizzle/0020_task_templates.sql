-- Task templates (issue 12): templates and their tasks. The two SET NULL keys name their column
-- (PostgreSQL 15+), so tenant_id is never cleared; drizzle's snapshot records them as 'set null'.
CREATE TABLE "task_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"classification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "template_tasks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"task_index" integer NOT NULL,
	"title" text NOT NULL,
	"action_by" text,
	"staff_responsible" text,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"trigger_type" text DEFAULT 'After' NOT NULL,
	"trigger" text,
	"trigger_project_status" text,
	"trigger_completed_task_id" uuid,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_templates" ADD CONSTRAINT "task_templates_tenant_id_classification_id_classifications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","classification_id") REFERENCES "public"."classifications"("tenant_id","id") ON DELETE SET NULL ("classification_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD CONSTRAINT "template_tasks_tenant_id_template_id_task_templates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."task_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD CONSTRAINT "template_tasks_tenant_id_trigger_completed_task_id_template_tasks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","trigger_completed_task_id") REFERENCES "public"."template_tasks"("tenant_id","id") ON DELETE SET NULL ("trigger_completed_task_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_templates_tenant_classification_key" ON "task_templates" USING btree ("tenant_id","classification_id") WHERE "task_templates"."classification_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "task_templates_tenant_title_idx" ON "task_templates" USING btree ("tenant_id",lower("title"));--> statement-breakpoint
CREATE INDEX "template_tasks_tenant_template_idx" ON "template_tasks" USING btree ("tenant_id","template_id","task_index");--> statement-breakpoint
CREATE INDEX "template_tasks_tenant_completed_task_idx" ON "template_tasks" USING btree ("tenant_id","trigger_completed_task_id");--> statement-breakpoint
ALTER TABLE template_tasks ADD CONSTRAINT template_tasks_offsets CHECK (task_index >= 0 AND actioned_at_days >= 0 AND actioned_at_hours BETWEEN 0 AND 24 AND actioned_at_mins BETWEEN 0 AND 59);
--> statement-breakpoint
-- Row-level security on the new tenant tables (forced, tenant_id = app_current_tenant()).
SELECT app_enforce_tenant_rls();
