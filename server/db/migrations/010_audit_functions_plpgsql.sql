-- Issue 11: the audit helpers that each event's row trigger calls are PL/pgSQL, whose plans are cached per connection
-- and which run only the query the event needs, because as SQL functions they were planned again on every call, once
-- per event of a bulk review. The results are the same, so every stored hash still verifies.

CREATE OR REPLACE FUNCTION audit_event_company(e audit_events) RETURNS uuid LANGUAGE plpgsql STABLE AS $$
DECLARE
  found uuid;
BEGIN
  IF e.company_id IS NOT NULL THEN RETURN e.company_id; END IF;
  IF e.entity = 'company' THEN
    SELECT c.id INTO found FROM companies c WHERE c.id = e.entity_id;
  ELSIF e.entity = 'project_site' THEN
    SELECT s.company_id INTO found FROM project_sites s WHERE s.id = e.entity_id;
  ELSIF e.entity = 'swms' THEN
    SELECT w.company_id INTO found FROM swms w WHERE w.id = e.entity_id;
  ELSIF e.entity = 'user_role' THEN
    SELECT r.company_id INTO found FROM user_roles r WHERE r.id = e.entity_id;
  END IF;
  IF found IS NOT NULL THEN RETURN found; END IF;
  SELECT c.id INTO found FROM companies c WHERE c.id::text = e.detail ->> 'companyId';
  RETURN found;
END $$;

CREATE OR REPLACE FUNCTION audit_event_actor_role(e audit_events) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found text;
BEGIN
  IF e.actor_role IS NOT NULL THEN RETURN e.actor_role; END IF;
  SELECT r.role INTO found FROM user_roles r
  WHERE r.user_id = e.actor_user_id AND r.status = 'active'
  ORDER BY (r.company_id IS NOT DISTINCT FROM e.company_id) DESC, r.role = 'SuperUser' DESC
  LIMIT 1;
  RETURN found;
END $$;

CREATE OR REPLACE FUNCTION audit_event_target_label(e audit_events) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found text;
BEGIN
  IF e.target_label IS NOT NULL THEN RETURN e.target_label; END IF;
  IF e.entity = 'company' THEN
    SELECT c.name INTO found FROM companies c WHERE c.id = e.entity_id;
  ELSIF e.entity = 'project_site' THEN
    SELECT s.site_number || ' ' || s.address || ', ' || s.suburb INTO found FROM project_sites s WHERE s.id = e.entity_id;
  ELSIF e.entity = 'swms' THEN
    SELECT s.site_number || ' / ' || CASE WHEN length(w.task_description) > 60 THEN left(w.task_description, 59) || '…' ELSE w.task_description END
    INTO found
    FROM swms w JOIN project_sites s ON s.id = w.site_id WHERE w.id = e.entity_id;
  ELSIF e.entity = 'user' THEN
    SELECT u.email INTO found FROM users u WHERE u.id = e.entity_id;
  ELSIF e.entity = 'user_role' THEN
    SELECT u.email || ' (' || r.role || ')' INTO found FROM user_roles r JOIN users u ON u.id = r.user_id WHERE r.id = e.entity_id;
  END IF;
  RETURN found;
END $$;

CREATE OR REPLACE FUNCTION audit_event_content(e audit_events) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_build_array(
    e.id, e.chain, e.seq, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.actor_user_id, e.actor_role, e.company_id, e.action, e.entity, e.entity_id, e.target_label, e.detail, e.request_id
  )::text;
END $$;

CREATE OR REPLACE FUNCTION audit_event_hash(prev_hash text, content text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN encode(sha256(convert_to(prev_hash || content, 'UTF8')), 'hex');
END $$;

-- The chain's last link, remembered for the rest of the transaction: the writer holds the chain's
-- advisory lock to the end of its transaction, so no one else can append meanwhile. Looked up again
-- per event, with stale statistics (a chain that grew since the last ANALYZE) that lookup scans the
-- table, and a bulk review grows quadratic.
-- A setting made with is_local is undone with its transaction or savepoint, like the rows.
CREATE OR REPLACE FUNCTION audit_events_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  tail_setting text;
  tail text;
BEGIN
  NEW.company_id := audit_event_company(NEW);
  NEW.actor_role := audit_event_actor_role(NEW);
  NEW.target_label := audit_event_target_label(NEW);
  NEW.chain := coalesce(NEW.company_id::text, 'platform');
  PERFORM pg_advisory_xact_lock(hashtext('audit chain ' || NEW.chain));
  tail_setting := 'audit_chain_tail.c' || md5(NEW.chain);
  tail := nullif(current_setting(tail_setting, true), '');
  IF tail IS NULL THEN
    SELECT seq, hash INTO last_seq, last_hash FROM audit_events WHERE chain = NEW.chain ORDER BY seq DESC LIMIT 1;
  ELSE
    last_seq := split_part(tail, ':', 1)::bigint;
    last_hash := split_part(tail, ':', 2);
  END IF;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := audit_event_hash(NEW.prev_hash, audit_event_content(NEW));
  PERFORM set_config(tail_setting, NEW.seq || ':' || NEW.hash, true);
  RETURN NEW;
END $$;
