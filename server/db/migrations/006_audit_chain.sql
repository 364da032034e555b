-- Issue 9: the audit trail is append-only and tamper-evident. Each event carries SHA-256 over its
-- canonical content and the previous event's hash, in one chain per company and one for platform
-- events; the database refuses UPDATE, DELETE and TRUNCATE on it.

ALTER TABLE audit_events
  ADD COLUMN company_id uuid,
  ADD COLUMN actor_role text,
  ADD COLUMN target_label text,
  ADD COLUMN request_id text,
  ADD COLUMN chain text,
  ADD COLUMN seq bigint,
  ADD COLUMN prev_hash text,
  ADD COLUMN hash text;

CREATE TABLE audit_chain_heads (
  chain text PRIMARY KEY,
  seq bigint NOT NULL,
  hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The company an event belongs to, from what it acted on, when the writer did not say.
CREATE FUNCTION audit_event_company(e audit_events) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    e.company_id,
    CASE e.entity
      WHEN 'company' THEN (SELECT c.id FROM companies c WHERE c.id = e.entity_id)
      WHEN 'project_site' THEN (SELECT s.company_id FROM project_sites s WHERE s.id = e.entity_id)
      WHEN 'swms' THEN (SELECT w.company_id FROM swms w WHERE w.id = e.entity_id)
      WHEN 'user_role' THEN (SELECT r.company_id FROM user_roles r WHERE r.id = e.entity_id)
    END,
    (SELECT c.id FROM companies c WHERE c.id::text = e.detail ->> 'companyId')
  )
$$;

-- The actor's role in that company when they acted, when the writer did not say.
CREATE FUNCTION audit_event_actor_role(e audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    e.actor_role,
    (SELECT r.role FROM user_roles r
      WHERE r.user_id = e.actor_user_id AND r.status = 'active'
      ORDER BY (r.company_id IS NOT DISTINCT FROM e.company_id) DESC, r.role = 'SuperUser' DESC
      LIMIT 1)
  )
$$;

-- A label a person can read for what the event acted on, when the writer did not give one.
CREATE FUNCTION audit_event_target_label(e audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    e.target_label,
    CASE e.entity
      WHEN 'company' THEN (SELECT c.name FROM companies c WHERE c.id = e.entity_id)
      WHEN 'project_site' THEN (SELECT s.site_number || ' ' || s.address || ', ' || s.suburb FROM project_sites s WHERE s.id = e.entity_id)
      WHEN 'swms' THEN (
        SELECT s.site_number || ' / ' || CASE WHEN length(w.task_description) > 60 THEN left(w.task_description, 59) || '…' ELSE w.task_description END
        FROM swms w JOIN project_sites s ON s.id = w.site_id WHERE w.id = e.entity_id)
      WHEN 'user' THEN (SELECT u.email FROM users u WHERE u.id = e.entity_id)
      WHEN 'user_role' THEN (
        SELECT u.email || ' (' || r.role || ')' FROM user_roles r JOIN users u ON u.id = r.user_id WHERE r.id = e.entity_id)
    END
  )
$$;

-- The canonical content that is hashed: every column but the chain links, in a fixed order.
CREATE FUNCTION audit_event_content(e audit_events) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    e.id, e.chain, e.seq, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.actor_user_id, e.actor_role, e.company_id, e.action, e.entity, e.entity_id, e.target_label, e.detail, e.request_id
  )::text
$$;

CREATE FUNCTION audit_event_hash(prev_hash text, content text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || content, 'UTF8')), 'hex')
$$;

-- Existing events join their chains in the order they were written.
DO $$
DECLARE
  event audit_events;
  head_seq bigint;
  head_hash text;
BEGIN
  UPDATE audit_events e SET company_id = audit_event_company(e);
  UPDATE audit_events e SET actor_role = audit_event_actor_role(e), target_label = audit_event_target_label(e);
  UPDATE audit_events SET chain = coalesce(company_id::text, 'platform');
  FOR event IN SELECT * FROM audit_events ORDER BY chain, created_at, id LOOP
    SELECT seq, hash INTO head_seq, head_hash FROM audit_chain_heads WHERE chain = event.chain;
    IF NOT FOUND THEN
      head_seq := 0;
      head_hash := repeat('0', 64);
      INSERT INTO audit_chain_heads (chain, seq, hash) VALUES (event.chain, 0, head_hash);
    END IF;
    event.seq := head_seq + 1;
    event.prev_hash := head_hash;
    event.hash := audit_event_hash(head_hash, audit_event_content(event));
    UPDATE audit_events SET seq = event.seq, prev_hash = event.prev_hash, hash = event.hash WHERE id = event.id;
    UPDATE audit_chain_heads SET seq = event.seq, hash = event.hash WHERE chain = event.chain;
  END LOOP;
END $$;

ALTER TABLE audit_events
  ALTER COLUMN chain SET NOT NULL,
  ALTER COLUMN seq SET NOT NULL,
  ALTER COLUMN prev_hash SET NOT NULL,
  ALTER COLUMN hash SET NOT NULL,
  ADD CONSTRAINT audit_events_chain_seq UNIQUE (chain, seq);

-- Each new event follows the last one of its chain. Writers of one chain take turns (an advisory lock
-- held to the end of their transaction); the last event is read from the (chain, seq) index, which
-- also sees the rows inserted earlier by the same statement.
CREATE FUNCTION audit_events_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  NEW.company_id := audit_event_company(NEW);
  NEW.actor_role := audit_event_actor_role(NEW);
  NEW.target_label := audit_event_target_label(NEW);
  NEW.chain := coalesce(NEW.company_id::text, 'platform');
  PERFORM pg_advisory_xact_lock(hashtext('audit chain ' || NEW.chain));
  SELECT seq, hash INTO last_seq, last_hash FROM audit_events WHERE chain = NEW.chain ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := audit_event_hash(NEW.prev_hash, audit_event_content(NEW));
  RETURN NEW;
END $$;

CREATE TRIGGER audit_events_link BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_link();

-- The heads record where each chain ends, once per statement, so removing its last events shows.
CREATE FUNCTION audit_events_move_heads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_chain_heads (chain, seq, hash)
  SELECT DISTINCT ON (chain) chain, seq, hash FROM inserted ORDER BY chain, seq DESC
  ON CONFLICT (chain) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, updated_at = now()
  WHERE audit_chain_heads.seq < EXCLUDED.seq;
  RETURN NULL;
END $$;

CREATE TRIGGER audit_events_move_heads AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION audit_events_move_heads();

CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit trail is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();

-- The audit page and its API: one company's events, newest first, with keyset paging.
CREATE INDEX audit_events_company_time ON audit_events (company_id, created_at DESC, seq DESC);

-- The latest full walk of each chain, shown on the audit page ('Chain verified: N events, head …').
CREATE TABLE audit_verifications (
  chain text PRIMARY KEY,
  verified_at timestamptz NOT NULL,
  events bigint NOT NULL,
  head_hash text NOT NULL,
  broken_event_id uuid,
  broken_reason text
);
