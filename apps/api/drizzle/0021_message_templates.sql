-- E-mail and SMS templates (issue 12): the two SET NULL keys name their column (PostgreSQL 15+), so
-- tenant_id is never cleared; drizzle's snapshot records them as 'set null'.
CREATE TABLE "message_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"client_id" uuid,
	"original_template_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_tenant_id_client_id_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."clients"("tenant_id","id") ON DELETE SET NULL ("client_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_tenant_id_original_template_id_message_templates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","original_template_id") REFERENCES "public"."message_templates"("tenant_id","id") ON DELETE SET NULL ("original_template_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_templates_tenant_name_idx" ON "message_templates" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "message_templates_tenant_client_idx" ON "message_templates" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE INDEX "message_templates_tenant_original_idx" ON "message_templates" USING btree ("tenant_id","original_template_id");--> statement-breakpoint
ALTER TABLE message_templates ADD CONSTRAINT message_templates_values CHECK (channel IN ('email', 'sms') AND status IN ('Active', 'Inactive') AND (channel = 'email' OR subject IS NULL));
--> statement-breakpoint
-- Row-level security on the new tenant table (forced, tenant_id = app_current_tenant()).
SELECT app_enforce_tenant_rls();
