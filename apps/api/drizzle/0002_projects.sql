CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE TABLE "categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "category_services" (
	"tenant_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "category_services_tenant_id_category_id_service_id_pk" PRIMARY KEY("tenant_id","category_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "classifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"trading_name" text NOT NULL,
	"email" text,
	"phone" text,
	"street" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "gazetteer" (
	"id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"suburb" text NOT NULL,
	"state" text,
	"postcode" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"population" integer
);
--> statement-breakpoint
CREATE TABLE "project_categories" (
	"tenant_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "project_categories_tenant_id_project_id_category_id_pk" PRIMARY KEY("tenant_id","project_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "project_date_changes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" bigint NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_start" timestamp,
	"new_start" timestamp,
	"old_end" timestamp,
	"new_end" timestamp,
	"official_shift" boolean DEFAULT false NOT NULL,
	"reason" text,
	CONSTRAINT "project_date_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" bigint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_relations" (
	"tenant_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"linked_project_id" bigint NOT NULL,
	CONSTRAINT "project_relations_tenant_id_project_id_linked_project_id_pk" PRIMARY KEY("tenant_id","project_id","linked_project_id")
);
--> statement-breakpoint
CREATE TABLE "project_services" (
	"tenant_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "project_services_tenant_id_project_id_service_id_pk" PRIMARY KEY("tenant_id","project_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "project_tags" (
	"tenant_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "project_tags_tenant_id_project_id_tag_id_pk" PRIMARY KEY("tenant_id","project_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "project_views" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"last_accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_views_tenant_id_user_id_project_id_pk" PRIMARY KEY("tenant_id","user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seq" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"summary" text,
	"status" text DEFAULT 'order' NOT NULL,
	"start_date" timestamp,
	"end_date" timestamp,
	"completed_on" timestamp,
	"client_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"client_am_id" uuid,
	"order_reference" text,
	"client_comments" text,
	"project_manager_id" uuid NOT NULL,
	"project_administrator_id" uuid NOT NULL,
	"sales_representative_id" uuid,
	"classification_id" uuid,
	"linked_project_type" text DEFAULT 'master' NOT NULL,
	"street" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"country" text DEFAULT 'Australia' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"geo_precision" text,
	"service_provider_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("projects"."code", '') || ' ' || coalesce("projects"."name", '') || ' ' || coalesce("projects"."order_reference", '') || ' ' || coalesce("projects"."client_name", '') || ' ' || coalesce("projects"."street", '') || ' ' || coalesce("projects"."suburb", '') || ' ' || coalesce("projects"."state", '') || ' ' || coalesce("projects"."postcode", ''))) STORED,
	CONSTRAINT "projects_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_providers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_contacts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"email" text,
	"phone" text,
	"note" text,
	CONSTRAINT "site_contacts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_counters" (
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tenant_counters_tenant_id_name_pk" PRIMARY KEY("tenant_id","name")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "service_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "category_services" ADD CONSTRAINT "category_services_tenant_id_category_id_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."categories"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_services" ADD CONSTRAINT "category_services_tenant_id_service_id_services_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_categories" ADD CONSTRAINT "project_categories_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_categories" ADD CONSTRAINT "project_categories_tenant_id_category_id_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_date_changes" ADD CONSTRAINT "project_date_changes_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_date_changes" ADD CONSTRAINT "project_date_changes_tenant_id_changed_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","changed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_links" ADD CONSTRAINT "project_links_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_relations" ADD CONSTRAINT "project_relations_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_relations" ADD CONSTRAINT "project_relations_tenant_id_linked_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","linked_project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_services" ADD CONSTRAINT "project_services_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_services" ADD CONSTRAINT "project_services_tenant_id_service_id_services_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tags" ADD CONSTRAINT "project_tags_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tags" ADD CONSTRAINT "project_tags_tenant_id_tag_id_tags_tenant_id_id_fk" FOREIGN KEY ("tenant_id","tag_id") REFERENCES "public"."tags"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_views" ADD CONSTRAINT "project_views_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_views" ADD CONSTRAINT "project_views_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_id_client_id_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."clients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_id_client_am_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_am_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_id_project_manager_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_manager_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_id_project_administrator_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_administrator_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_id_sales_representative_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","sales_representative_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_id_classification_id_classifications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","classification_id") REFERENCES "public"."classifications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_id_service_provider_id_service_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_provider_id") REFERENCES "public"."service_providers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_contacts" ADD CONSTRAINT "site_contacts_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_tenant_name_key" ON "categories" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "category_services_tenant_service_idx" ON "category_services" USING btree ("tenant_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classifications_tenant_title_key" ON "classifications" USING btree ("tenant_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "clients_tenant_name_key" ON "clients" USING btree ("tenant_id",lower("trading_name"));--> statement-breakpoint
CREATE INDEX "clients_tenant_name_idx" ON "clients" USING btree ("tenant_id","trading_name");--> statement-breakpoint
CREATE INDEX "gazetteer_postcode_idx" ON "gazetteer" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "gazetteer_suburb_trgm_idx" ON "gazetteer" USING gin (lower("suburb") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_categories_tenant_category_idx" ON "project_categories" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "project_date_changes_tenant_project_idx" ON "project_date_changes" USING btree ("tenant_id","project_id","changed_at");--> statement-breakpoint
CREATE INDEX "project_links_tenant_project_idx" ON "project_links" USING btree ("tenant_id","project_id","created_at");--> statement-breakpoint
CREATE INDEX "project_relations_tenant_linked_idx" ON "project_relations" USING btree ("tenant_id","linked_project_id");--> statement-breakpoint
CREATE INDEX "project_services_tenant_service_idx" ON "project_services" USING btree ("tenant_id","service_id");--> statement-breakpoint
CREATE INDEX "project_views_tenant_user_time_idx" ON "project_views" USING btree ("tenant_id","user_id","last_accessed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "projects_tenant_code_key" ON "projects" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "projects_tenant_status_start_idx" ON "projects" USING btree ("tenant_id","status","start_date");--> statement-breakpoint
CREATE INDEX "projects_tenant_start_idx" ON "projects" USING btree ("tenant_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_tenant_client_idx" ON "projects" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE INDEX "projects_tenant_manager_idx" ON "projects" USING btree ("tenant_id","project_manager_id");--> statement-breakpoint
CREATE INDEX "projects_tenant_provider_idx" ON "projects" USING btree ("tenant_id","service_provider_id");--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_tenant_name_idx" ON "service_providers" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "services_tenant_name_key" ON "services" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "site_contacts_tenant_project_idx" ON "site_contacts" USING btree ("tenant_id","project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_tenant_name_key" ON "tags" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "users_tenant_client_idx" ON "users" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE INDEX "users_tenant_provider_idx" ON "users" USING btree ("tenant_id","service_provider_id");