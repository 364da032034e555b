-- Before an audit event is inserted: fills what it lacks, takes its place at the end of its chain and writes its hash.
CREATE OR REPLACE FUNCTION audit_events_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  tail_setting text;
  tail text;
BEGIN
  IF NEW.company_id IS NULL THEN NEW.company_id := audit_event_company(NEW); END IF;
  IF NEW.actor_role IS NULL THEN NEW.actor_role := audit_event_actor_role(NEW); END IF;
  IF NEW.target_label IS NULL THEN NEW.target_label := audit_event_target_label(NEW); END IF;
  NEW.chain := coalesce(NEW.company_id::text, 'platform');
  tail_setting := 'audit_chain_tail.c' || md5(NEW.chain);
  tail := nullif(current_setting(tail_setting, true), '');
  IF tail IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('audit chain ' || NEW.chain));
    SELECT seq, hash INTO last_seq, last_hash FROM audit_events WHERE chain = NEW.chain ORDER BY seq DESC LIMIT 1;
  ELSE
    last_seq := split_part(tail, ':', 1)::bigint;
    last_hash := split_part(tail, ':', 2);
  END IF;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(NEW.prev_hash || jsonb_build_array(
    NEW.id, NEW.chain, NEW.seq, to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    NEW.actor_user_id, NEW.actor_role, NEW.company_id, NEW.action, NEW.entity, NEW.entity_id, NEW.target_label, NEW.detail, NEW.request_id
  )::text, 'UTF8')), 'hex');
  PERFORM set_config(tail_setting, NEW.seq || ':' || NEW.hash, true);
  RETURN NEW;
END $$;
