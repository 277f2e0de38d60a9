CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"row_count" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
