-- Quote requests (issue 13 section 5): the two SET NULL keys name their column (PostgreSQL 15+), so
-- tenant_id stays set.
CREATE TABLE "quote_request_files" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"quote_request_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_request_files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"project_id" bigint,
	"project_name" text,
	"street" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"contact_name" text,
	"contact_position" text,
	"contact_email" text,
	"contact_phone" text,
	"account_manager_id" uuid,
	"summary" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "quote_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "quote_requests_status_check" CHECK ("quote_requests"."status" in ('draft', 'submitted'))
);
--> statement-breakpoint
ALTER TABLE "quote_request_files" ADD CONSTRAINT "quote_request_files_tenant_id_quote_request_id_quote_requests_tenant_id_id_fk" FOREIGN KEY ("tenant_id","quote_request_id") REFERENCES "public"."quote_requests"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_tenant_id_account_manager_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","account_manager_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("account_manager_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE SET NULL ("project_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_request_files_tenant_request_idx" ON "quote_request_files" USING btree ("tenant_id","quote_request_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_tenant_user_idx" ON "quote_requests" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_tenant_project_idx" ON "quote_requests" USING btree ("tenant_id","project_id");
--> statement-breakpoint
-- Row-level security on the new tenant tables (forced, tenant_id = app_current_tenant()).
SELECT app_enforce_tenant_rls();
