-- "Recently viewed" written behind (projects/view-log.ts): a server process notes project views in
-- memory and writes them together, one call of this function per company (arrays of users,
-- projects and times, one element per view). It sets the tenant for row-level security and lets
-- the commit skip the WAL flush (synchronous_commit off: "recently viewed" may lose its last moment
-- in a crash), both local to the call's transaction. A view of a project or by a user deleted since
-- is skipped; a row is never moved back in time (another process may write an older view later).
-- It runs as the caller (no SECURITY DEFINER).
CREATE FUNCTION app_record_project_views(p_tenant uuid, p_users uuid[], p_projects bigint[], p_at timestamptz[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO project_views AS v (tenant_id, user_id, project_id, last_accessed_at)
  SELECT p_tenant, n.user_id, n.project_id, n.at
    FROM unnest(p_users, p_projects, p_at) AS n(user_id, project_id, at)
   WHERE EXISTS (SELECT 1 FROM projects p WHERE p.tenant_id = p_tenant AND p.id = n.project_id)
     AND EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = p_tenant AND u.id = n.user_id)
  ON CONFLICT (tenant_id, user_id, project_id)
  DO UPDATE SET last_accessed_at = greatest(v.last_accessed_at, excluded.last_accessed_at);
END $$;
