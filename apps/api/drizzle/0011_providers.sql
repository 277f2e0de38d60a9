CREATE TABLE "certificate_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mandatory_for_users" boolean DEFAULT false NOT NULL,
	"mandatory_for_providers" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"user_id" uuid,
	"provider_id" uuid,
	"name" text,
	"license_number" text,
	"comments" text,
	"country" text,
	"issue_date" date,
	"expiry" date,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reminded_30_at" timestamp with time zone,
	"reminded_7_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "document_files" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"filable_kind" text NOT NULL,
	"filable_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_provider_staff" (
	"tenant_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "project_provider_staff_tenant_id_project_id_user_id_pk" PRIMARY KEY("tenant_id","project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "provider_availabilities" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"note" text,
	CONSTRAINT "provider_availabilities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "provider_categories" (
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "provider_categories_tenant_id_provider_id_category_id_pk" PRIMARY KEY("tenant_id","provider_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "provider_notifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" bigint NOT NULL,
	"provider_id" uuid NOT NULL,
	"outbox_id" uuid NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_notifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "provider_ratings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"rating" double precision NOT NULL,
	"comment" text,
	"rated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_ratings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "provider_services" (
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "provider_services_tenant_id_provider_id_service_id_pk" PRIMARY KEY("tenant_id","provider_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "status_code" text DEFAULT 'evaluating' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "director_name" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "suburb" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "geo_precision" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "preferred_postcodes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "preferred_states" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "performance_rating" double precision;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "performance_rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "customer_rating" double precision;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "customer_rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_tenant_id_type_id_certificate_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."certificate_types"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_tenant_id_provider_id_service_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."service_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_provider_staff" ADD CONSTRAINT "project_provider_staff_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_provider_staff" ADD CONSTRAINT "project_provider_staff_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_availabilities" ADD CONSTRAINT "provider_availabilities_tenant_id_provider_id_service_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."service_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_categories" ADD CONSTRAINT "provider_categories_tenant_id_provider_id_service_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."service_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_categories" ADD CONSTRAINT "provider_categories_tenant_id_category_id_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."categories"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_notifications" ADD CONSTRAINT "provider_notifications_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_notifications" ADD CONSTRAINT "provider_notifications_tenant_id_provider_id_service_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."service_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_ratings" ADD CONSTRAINT "provider_ratings_tenant_id_provider_id_service_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."service_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_ratings" ADD CONSTRAINT "provider_ratings_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_ratings" ADD CONSTRAINT "provider_ratings_tenant_id_rated_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rated_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_tenant_id_provider_id_service_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."service_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_tenant_id_service_id_services_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_types_tenant_name_key" ON "certificate_types" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "certificates_tenant_user_idx" ON "certificates" USING btree ("tenant_id","user_id","type_id");--> statement-breakpoint
CREATE INDEX "certificates_tenant_provider_idx" ON "certificates" USING btree ("tenant_id","provider_id","type_id");--> statement-breakpoint
CREATE INDEX "certificates_tenant_expiry_idx" ON "certificates" USING btree ("tenant_id","expiry");--> statement-breakpoint
CREATE INDEX "document_files_tenant_filable_idx" ON "document_files" USING btree ("tenant_id","filable_id","created_at");--> statement-breakpoint
CREATE INDEX "project_provider_staff_tenant_user_idx" ON "project_provider_staff" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "provider_availabilities_tenant_provider_idx" ON "provider_availabilities" USING btree ("tenant_id","provider_id","start_date");--> statement-breakpoint
CREATE INDEX "provider_categories_tenant_category_idx" ON "provider_categories" USING btree ("tenant_id","category_id","provider_id");--> statement-breakpoint
CREATE INDEX "provider_notifications_tenant_project_idx" ON "provider_notifications" USING btree ("tenant_id","project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_ratings_tenant_project_kind_key" ON "provider_ratings" USING btree ("tenant_id","project_id","kind");--> statement-breakpoint
CREATE INDEX "provider_ratings_tenant_provider_idx" ON "provider_ratings" USING btree ("tenant_id","provider_id","kind");--> statement-breakpoint
CREATE INDEX "provider_services_tenant_service_idx" ON "provider_services" USING btree ("tenant_id","service_id","provider_id");--> statement-breakpoint
CREATE INDEX "projects_tenant_geo_idx" ON "projects" USING btree ("tenant_id","lat","lng");--> statement-breakpoint
CREATE INDEX "service_providers_tenant_lat_idx" ON "service_providers" USING btree ("tenant_id","lat","lng");--> statement-breakpoint
CREATE INDEX "service_providers_tenant_status_idx" ON "service_providers" USING btree ("tenant_id","status_code","name");