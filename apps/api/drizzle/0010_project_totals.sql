-- Each tenant's number of projects, kept in tenant_counters ('projects_total') by statement-level
-- triggers, so the unfiltered project list does not count 100,000 index entries per request.
-- Creates already queue on the tenant's 'project' number; deletes are rare.
CREATE OR REPLACE FUNCTION app_count_projects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tenant_counters (tenant_id, name, value)
    SELECT tenant_id, 'projects_total', count(*) FROM new_rows GROUP BY tenant_id
    ON CONFLICT (tenant_id, name) DO UPDATE SET value = tenant_counters.value + excluded.value;
  ELSE
    UPDATE tenant_counters c SET value = c.value - d.n
      FROM (SELECT tenant_id, count(*) AS n FROM old_rows GROUP BY tenant_id) d
     WHERE c.tenant_id = d.tenant_id AND c.name = 'projects_total';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_total_on_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_count_projects();
--> statement-breakpoint
CREATE TRIGGER projects_total_on_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_count_projects();
--> statement-breakpoint
INSERT INTO tenant_counters (tenant_id, name, value)
SELECT tenant_id, 'projects_total', count(*) FROM projects GROUP BY tenant_id
ON CONFLICT (tenant_id, name) DO UPDATE SET value = excluded.value;
