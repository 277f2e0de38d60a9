-- Issue 9: two transactions that change projects of the same map cells (a status change one way
-- and another the other way, or a new project beside a status change) could deadlock: the cells were
-- upserted in the order of a hash aggregate, so each could lock the cells in another order. The
-- upserts now run in one fixed order (level, status, cx, cy), so every transaction takes the cell
-- locks in the same order. Same counts as before.
CREATE OR REPLACE FUNCTION app_project_map_cells() RETURNS trigger LANGUAGE plpgsql AS $$
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
     ORDER BY level, status, cx NULLS FIRST, cy NULLS FIRST
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
     ORDER BY level, status, cx NULLS FIRST, cy NULLS FIRST
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
     ORDER BY level, status, cx NULLS FIRST, cy NULLS FIRST
    ON CONFLICT (tenant_id, level, cx, cy, status) DO UPDATE
      SET n = c.n + excluded.n,
          sum_lat = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lat + excluded.sum_lat END,
          sum_lng = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lng + excluded.sum_lng END;
  END IF;
  RETURN NULL;
END $$;
