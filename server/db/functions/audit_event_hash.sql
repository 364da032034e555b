-- An audit event's hash: the chain's previous hash and the event's content, so a changed or removed event shows.
CREATE OR REPLACE FUNCTION audit_event_hash(prev_hash text, content text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN encode(sha256(convert_to(prev_hash || content, 'UTF8')), 'hex');
END $$;
