ALTER TABLE "quotes" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "client_decision" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "client_decision_name" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "client_decision_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "client_decision_by" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_decision_check" CHECK ("quotes"."client_decision" in ('Accepted', 'Rejected'));