-- The four totals of project_finances (0031) were numeric(14,2), as wide as one line's amount: two
-- revenue lines of 999,999,999,999.99 (each allowed) overflowed the total and the save failed with
-- a 422 naming no field. A finance has up to 500 lines of each kind, so a total needs 15 whole
-- digits: numeric(17,2). Widening a numeric keeps its stored values (no table rewrite).
ALTER TABLE "project_finances" ALTER COLUMN "total_revenue" SET DATA TYPE numeric(17, 2);--> statement-breakpoint
ALTER TABLE "project_finances" ALTER COLUMN "total_revenue" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "project_finances" ALTER COLUMN "total_revenue_actual" SET DATA TYPE numeric(17, 2);--> statement-breakpoint
ALTER TABLE "project_finances" ALTER COLUMN "total_revenue_actual" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "project_finances" ALTER COLUMN "total_expense" SET DATA TYPE numeric(17, 2);--> statement-breakpoint
ALTER TABLE "project_finances" ALTER COLUMN "total_expense" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "project_finances" ALTER COLUMN "total_expense_actual" SET DATA TYPE numeric(17, 2);--> statement-breakpoint
ALTER TABLE "project_finances" ALTER COLUMN "total_expense_actual" SET DEFAULT '0';
