CREATE TABLE "known_devices" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttle_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
