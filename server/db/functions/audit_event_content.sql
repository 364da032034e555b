-- The text an audit event's hash covers; `audit verify` recomputes each event's hash from it.
CREATE OR REPLACE FUNCTION audit_event_content(e audit_events) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_build_array(
    e.id, e.chain, e.seq, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.actor_user_id, e.actor_role, e.company_id, e.action, e.entity, e.entity_id, e.target_label, e.detail, e.request_id
  )::text;
END $$;
