-- After audit events are inserted: each chain's head moves to its last event, so a removed tail shows.
CREATE OR REPLACE FUNCTION audit_events_move_heads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_chain_heads (chain, seq, hash)
  SELECT DISTINCT ON (chain) chain, seq, hash FROM inserted ORDER BY chain, seq DESC
  ON CONFLICT (chain) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, updated_at = now()
  WHERE audit_chain_heads.seq < EXCLUDED.seq;
  RETURN NULL;
END $$;
