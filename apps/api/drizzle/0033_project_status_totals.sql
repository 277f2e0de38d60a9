-- Each tenant's number of projects per status, next to 'projects_total' (migration 0010) in
-- tenant_counters as 'projects_status:<status>', so the project list filtered by status alone
-- reads its total instead of counting ~280,000 index entries at 1,000,000 projects.
-- One statement-level trigger per event keeps both. Each statement updates the counter rows it
-- touches with one INSERT ... ORDER BY tenant_id, name ... ON CONFLICT, which locks them in that
-- order: two transactions moving projects between the same statuses in opposite directions
-- queue on the first row instead of deadlocking (UPDATE ... FROM locks in scan order, as 0010's
-- delete did). An UPDATE's deltas are new minus old per (tenant, status); zero ones (no status
-- changed, or as many moved in as out) touch no row, so edits that keep the status lock nothing.
CREATE OR REPLACE FUNCTION app_count_projects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tenant_counters (tenant_id, name, value)
    SELECT tenant_id, name, count(*) FROM (
      SELECT tenant_id, 'projects_total' AS name FROM new_rows
      UNION ALL
      SELECT tenant_id, 'projects_status:' || status FROM new_rows
    ) d
    GROUP BY tenant_id, name ORDER BY tenant_id, name
    ON CONFLICT (tenant_id, name) DO UPDATE SET value = tenant_counters.value + excluded.value;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO tenant_counters (tenant_id, name, value)
    SELECT tenant_id, name, -count(*) FROM (
      SELECT tenant_id, 'projects_total' AS name FROM old_rows
      UNION ALL
      SELECT tenant_id, 'projects_status:' || status FROM old_rows
    ) d
    GROUP BY tenant_id, name ORDER BY tenant_id, name
    ON CONFLICT (tenant_id, name) DO UPDATE SET value = tenant_counters.value + excluded.value;
  ELSE
    INSERT INTO tenant_counters (tenant_id, name, value)
    SELECT tenant_id, name, sum(n) FROM (
      SELECT tenant_id, 'projects_status:' || status AS name, 1 AS n FROM new_rows
      UNION ALL
      SELECT tenant_id, 'projects_status:' || status, -1 FROM old_rows
    ) d
    GROUP BY tenant_id, name HAVING sum(n) <> 0 ORDER BY tenant_id, name
    ON CONFLICT (tenant_id, name) DO UPDATE SET value = tenant_counters.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER projects_total_on_insert ON projects;
--> statement-breakpoint
DROP TRIGGER projects_total_on_delete ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_counters_on_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_count_projects();
--> statement-breakpoint
CREATE TRIGGER projects_counters_on_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_count_projects();
--> statement-breakpoint
CREATE TRIGGER projects_counters_on_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_count_projects();
--> statement-breakpoint
-- The existing projects (the triggers above are in place from here on, in this transaction).
INSERT INTO tenant_counters (tenant_id, name, value)
SELECT tenant_id, 'projects_status:' || status, count(*) FROM projects GROUP BY tenant_id, status
ORDER BY tenant_id, 2
ON CONFLICT (tenant_id, name) DO UPDATE SET value = excluded.value;
