-- Project search under row-level security.
--
-- Requests run as a role subject to RLS, so every query on projects carries the policy qual
-- (tenant_id = app_current_tenant()). PostgreSQL evaluates that qual before any condition of the
-- query whose function is not LEAKPROOF, and such a condition cannot be an index condition. The
-- search conditions `search_text LIKE '%term%'` (textlike) and `search_text %> term`
-- (pg_trgm's word_similarity_commutator_op) are not marked leakproof, so without this the trigram
-- GIN index (tenant_id, search_text) is only used for tenant_id and every one of the tenant's rows
-- is rechecked: about 250 ms instead of a few ms at 100,000 projects.
--
-- Both functions are in fact leak-free for our use: they never raise an error that depends on the
-- row value being tested (textlike's only data-dependent error concerns its *pattern* argument,
-- and the app's patterns are constants built from the search term, never row data). Marking them
-- LEAKPROOF lets the planner use the index while RLS still filters every row.
--
-- Only a superuser may mark functions LEAKPROOF. Where migrations run without superuser rights
-- (some managed databases), this is skipped with a warning: search stays correct, only slower,
-- until an administrator runs the two ALTER FUNCTION statements below once.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
    ALTER FUNCTION word_similarity_commutator_op(text, text) LEAKPROOF;
  ELSE
    RAISE WARNING 'siteflow: not a superuser, so project search cannot use its index under row-level security; ask an administrator to run: ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF; ALTER FUNCTION word_similarity_commutator_op(text, text) LEAKPROOF;';
  END IF;
END $$;
