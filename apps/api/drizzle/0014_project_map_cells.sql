-- The project map (features/project-map) at 100,000 projects per tenant.
--
-- 1. project_map_cells: each tenant's located projects counted per status on two fixed grids, so
--    the clusters of a country, state or city view (no filter, or status only) are read from a few
--    thousand rows instead of aggregating every project on each request. A grid of `level` has
--    cells of 84.375 / 2^level degrees (60 px at that zoom, 256 px tiles) in longitude and in
--    Web Mercator y; the cells of a lower zoom are whole groups of them (cx >> (level - zoom)).
--    Projects without a location are kept with cx = cy = NULL, so the per-status sums are the
--    exact totals. Kept by statement-level triggers on projects (bulk loads: one statement); rows
--    are never deleted, a count at 0 is skipped by the readers, and its sums are reset to 0 then.
-- 2. projects.rating_performance / rating_customer: the project's ratings (provider_ratings, one
--    per project and kind), copied by a row trigger on provider_ratings so the map's rating
--    filters are a condition on projects that an index serves.
CREATE FUNCTION app_map_cx(lng float8, level int) RETURNS int
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT floor(lng / (84.375::float8 / 2 ^ level))::int $$;
--> statement-breakpoint
CREATE FUNCTION app_map_cy(lat float8, level int) RETURNS int
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor(degrees(ln(tan(pi() / 4 + radians(greatest(-85.05::float8, least(85.05::float8, lat))) / 2))) / (84.375::float8 / 2 ^ level))::int $$;
--> statement-breakpoint
CREATE TABLE project_map_cells (
  tenant_id uuid NOT NULL,
  level smallint NOT NULL,
  status text NOT NULL,
  cx integer,
  cy integer,
  n integer NOT NULL,
  sum_lat double precision NOT NULL,
  sum_lng double precision NOT NULL,
  CONSTRAINT project_map_cells_key UNIQUE NULLS NOT DISTINCT (tenant_id, level, cx, cy, status)
);
--> statement-breakpoint
-- Adds the cells of the rows entering (dn = +1) and leaving (dn = -1) them, on both grids; an
-- update counts only the rows whose status or location changed (a hash join of old and new rows).
CREATE FUNCTION app_project_map_cells() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_map_cells AS c (tenant_id, level, status, cx, cy, n, sum_lat, sum_lng)
    SELECT * FROM (
      SELECT d.tenant_id, l.level, d.status,
             CASE WHEN d.lat IS NOT NULL AND d.lng IS NOT NULL THEN app_map_cx(d.lng, l.level) END AS cx,
             CASE WHEN d.lat IS NOT NULL AND d.lng IS NOT NULL THEN app_map_cy(d.lat, l.level) END AS cy,
             sum(d.dn)::int AS n,
             coalesce(sum(d.dn * d.lat) FILTER (WHERE d.lng IS NOT NULL), 0) AS sum_lat,
             coalesce(sum(d.dn * d.lng) FILTER (WHERE d.lat IS NOT NULL), 0) AS sum_lng
        FROM (SELECT tenant_id, status, lat, lng, 1 AS dn FROM new_rows) AS d
       CROSS JOIN (VALUES (8::smallint), (12::smallint)) AS l(level)
       GROUP BY 1, 2, 3, 4, 5) cells
     WHERE n <> 0 OR sum_lat <> 0 OR sum_lng <> 0
    ON CONFLICT (tenant_id, level, cx, cy, status) DO UPDATE
      SET n = c.n + excluded.n,
          sum_lat = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lat + excluded.sum_lat END,
          sum_lng = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lng + excluded.sum_lng END;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_map_cells AS c (tenant_id, level, status, cx, cy, n, sum_lat, sum_lng)
    SELECT * FROM (
      SELECT d.tenant_id, l.level, d.status,
             CASE WHEN d.lat IS NOT NULL AND d.lng IS NOT NULL THEN app_map_cx(d.lng, l.level) END AS cx,
             CASE WHEN d.lat IS NOT NULL AND d.lng IS NOT NULL THEN app_map_cy(d.lat, l.level) END AS cy,
             sum(d.dn)::int AS n,
             coalesce(sum(d.dn * d.lat) FILTER (WHERE d.lng IS NOT NULL), 0) AS sum_lat,
             coalesce(sum(d.dn * d.lng) FILTER (WHERE d.lat IS NOT NULL), 0) AS sum_lng
        FROM (SELECT tenant_id, status, lat, lng, -1 AS dn FROM old_rows) AS d
       CROSS JOIN (VALUES (8::smallint), (12::smallint)) AS l(level)
       GROUP BY 1, 2, 3, 4, 5) cells
     WHERE n <> 0 OR sum_lat <> 0 OR sum_lng <> 0
    ON CONFLICT (tenant_id, level, cx, cy, status) DO UPDATE
      SET n = c.n + excluded.n,
          sum_lat = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lat + excluded.sum_lat END,
          sum_lng = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lng + excluded.sum_lng END;
  ELSE
    INSERT INTO project_map_cells AS c (tenant_id, level, status, cx, cy, n, sum_lat, sum_lng)
    SELECT * FROM (
      SELECT d.tenant_id, l.level, d.status,
             CASE WHEN d.lat IS NOT NULL AND d.lng IS NOT NULL THEN app_map_cx(d.lng, l.level) END AS cx,
             CASE WHEN d.lat IS NOT NULL AND d.lng IS NOT NULL THEN app_map_cy(d.lat, l.level) END AS cy,
             sum(d.dn)::int AS n,
             coalesce(sum(d.dn * d.lat) FILTER (WHERE d.lng IS NOT NULL), 0) AS sum_lat,
             coalesce(sum(d.dn * d.lng) FILTER (WHERE d.lat IS NOT NULL), 0) AS sum_lng
        FROM (SELECT v.* FROM old_rows o JOIN new_rows x ON x.tenant_id = o.tenant_id AND x.id = o.id
              CROSS JOIN LATERAL (VALUES (o.tenant_id, o.status, o.lat, o.lng, -1), (x.tenant_id, x.status, x.lat, x.lng, 1)) AS v(tenant_id, status, lat, lng, dn)
             WHERE (x.status, x.lat, x.lng) IS DISTINCT FROM (o.status, o.lat, o.lng)) AS d
       CROSS JOIN (VALUES (8::smallint), (12::smallint)) AS l(level)
       GROUP BY 1, 2, 3, 4, 5) cells
     WHERE n <> 0 OR sum_lat <> 0 OR sum_lng <> 0
    ON CONFLICT (tenant_id, level, cx, cy, status) DO UPDATE
      SET n = c.n + excluded.n,
          sum_lat = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lat + excluded.sum_lat END,
          sum_lng = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lng + excluded.sum_lng END;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_map_cells_on_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_project_map_cells();
--> statement-breakpoint
CREATE TRIGGER projects_map_cells_on_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_project_map_cells();
--> statement-breakpoint
CREATE TRIGGER projects_map_cells_on_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_project_map_cells();
--> statement-breakpoint
-- Existing projects (as the owner: a superuser reads every tenant's rows).
INSERT INTO project_map_cells (tenant_id, level, status, cx, cy, n, sum_lat, sum_lng)
SELECT p.tenant_id, l.level, p.status,
       CASE WHEN p.lat IS NOT NULL AND p.lng IS NOT NULL THEN app_map_cx(p.lng, l.level) END,
       CASE WHEN p.lat IS NOT NULL AND p.lng IS NOT NULL THEN app_map_cy(p.lat, l.level) END,
       count(*), coalesce(sum(p.lat) FILTER (WHERE p.lng IS NOT NULL), 0), coalesce(sum(p.lng) FILTER (WHERE p.lat IS NOT NULL), 0)
  FROM projects p CROSS JOIN (VALUES (8::smallint), (12::smallint)) AS l(level)
 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE FUNCTION app_copy_project_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND (TG_OP = 'DELETE' OR OLD.project_id <> NEW.project_id OR OLD.kind <> NEW.kind) THEN
    UPDATE projects
       SET rating_performance = CASE WHEN OLD.kind = 'performance' THEN NULL ELSE rating_performance END,
           rating_customer = CASE WHEN OLD.kind = 'customer' THEN NULL ELSE rating_customer END
     WHERE tenant_id = OLD.tenant_id AND id = OLD.project_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE projects
       SET rating_performance = CASE WHEN NEW.kind = 'performance' THEN NEW.rating ELSE rating_performance END,
           rating_customer = CASE WHEN NEW.kind = 'customer' THEN NEW.rating ELSE rating_customer END
     WHERE tenant_id = NEW.tenant_id AND id = NEW.project_id
       AND CASE WHEN NEW.kind = 'performance' THEN rating_performance ELSE rating_customer END IS DISTINCT FROM NEW.rating;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER provider_ratings_copy_to_project AFTER INSERT OR UPDATE OR DELETE ON provider_ratings
  FOR EACH ROW EXECUTE FUNCTION app_copy_project_rating();
--> statement-breakpoint
UPDATE projects p
   SET rating_performance = r.perf, rating_customer = r.cust
  FROM (SELECT tenant_id, project_id,
               max(rating) FILTER (WHERE kind = 'performance') AS perf,
               max(rating) FILTER (WHERE kind = 'customer') AS cust
          FROM provider_ratings GROUP BY tenant_id, project_id) r
 WHERE p.tenant_id = r.tenant_id AND p.id = r.project_id;
--> statement-breakpoint
SELECT app_enforce_tenant_rls();
