-- Every tenant table has a primary key that leads with tenant_id (the catalog audit in
-- platform/tenancy.int.test.ts). project_map_cells is keyed by a UNIQUE NULLS NOT DISTINCT
-- constraint (cx, cy are null for projects without a location), so it gets a surrogate key.
ALTER TABLE project_map_cells ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
--> statement-breakpoint
ALTER TABLE project_map_cells ADD CONSTRAINT project_map_cells_pkey PRIMARY KEY (tenant_id, id);
