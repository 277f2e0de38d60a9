-- The request context (platform/context.ts findRequestContext) as one function: the tenant of the
-- host, then (with app.tenant_id set for row-level security, local to the statement's own
-- transaction) the session's user and the tenant's data version (0035). Every /api request calls
-- it, so it is one prepared statement: the connection parses it once, and PL/pgSQL keeps the
-- plans of the queries inside, where a simple query of two statements was parsed and planned on
-- every request. It runs as the caller (no SECURITY DEFINER): the same row-level security applies.
CREATE FUNCTION app_request_context(p_slug text, p_token_hash text, p_now timestamptz)
RETURNS TABLE (
  id uuid, kind text, slug text, name text, logo_key text, staff_pm_flag boolean, staff_system_emails boolean,
  session_id uuid, user_id uuid, role text, client_id uuid, provider_id uuid,
  email text, first_name text, last_name text, picture_key text, data_version bigint
) LANGUAGE plpgsql AS $$
DECLARE
  t tenants%ROWTYPE;
BEGIN
  IF p_slug IS NULL THEN
    SELECT * INTO t FROM tenants WHERE tenants.kind = 'platform' LIMIT 1;
  ELSE
    SELECT * INTO t FROM tenants WHERE tenants.slug = p_slug;
  END IF;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF p_token_hash IS NULL THEN
    RETURN QUERY SELECT t.id, t.kind, t.slug, t.customer_name, t.logo_key, t.staff_pm_flag, t.staff_system_emails,
      NULL::uuid, NULL::uuid, NULL::text, NULL::uuid, NULL::uuid, NULL::text, NULL::text, NULL::text, NULL::text, NULL::bigint;
    RETURN;
  END IF;
  PERFORM set_config('app.tenant_id', t.id::text, true);
  RETURN QUERY
  SELECT t.id, t.kind, t.slug, t.customer_name, t.logo_key, t.staff_pm_flag, t.staff_system_emails,
         s.id, u.id, u.role, u.client_id, u.service_provider_id,
         u.email::text, u.first_name::text, u.last_name::text, u.picture_key, app_data_version()
    FROM (SELECT 1) one
    LEFT JOIN sessions s ON s.tenant_id = t.id AND s.token_hash = p_token_hash AND s.expires_at > p_now
    LEFT JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id AND u.active;
END $$;
