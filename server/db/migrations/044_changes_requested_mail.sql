-- Issue 57: the author of a SWMS is emailed when a reviewer requests changes, through the same durable queue.
ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check CHECK (kind IN ('invitation', 'review_digest', 'changes_requested'));
