-- Issue 57: a SWMS may await a reviewer again after they had it in a digest (a new revision puts both flags back to
-- For Review), so the pair (recipient, SWMS) is unique only among the items not yet sent: a sent item stays as the
-- record of that digest, and the revision queues a new one. ON CONFLICT in queueDigestItems names this index.
ALTER TABLE review_digest_items DROP CONSTRAINT review_digest_items_recipient_user_id_swms_id_key;
CREATE UNIQUE INDEX review_digest_items_unsent_once ON review_digest_items (recipient_user_id, swms_id) WHERE sent_at IS NULL;
