-- After SWMS are deleted: they leave the queue of SWMS awaiting review.
CREATE OR REPLACE FUNCTION swms_queue_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'DELETE FROM swms_awaiting_review q USING old_rows o WHERE q.id = o.id';
  RETURN NULL;
END $$;
