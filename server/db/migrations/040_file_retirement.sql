-- Issue 55 §11: uploads nothing holds are removed a day after their upload URL was signed, and one account may hold
-- only so many bytes of them. A blob's size is noted once its create-only URL has expired (it cannot change after).
ALTER TABLE files ADD COLUMN stored_bytes bigint;
CREATE INDEX files_by_creator ON files (created_by, created_at);
CREATE INDEX files_by_age ON files (created_at);

-- What holds a file, looked up per file by the storage sweep, the pending-upload cap and the upload check.
CREATE INDEX companies_image_file ON companies (image_file_id) WHERE image_file_id IS NOT NULL;
CREATE INDEX swms_risk_photo_file ON swms (risk_photo_file_id) WHERE risk_photo_file_id IS NOT NULL;
CREATE INDEX swms_control_photo_file ON swms (control_photo_file_id) WHERE control_photo_file_id IS NOT NULL;
CREATE INDEX users_whitecard_photo_file ON users (whitecard_photo_file_id) WHERE whitecard_photo_file_id IS NOT NULL;
CREATE INDEX licences_photo_file ON licences (photo_file_id) WHERE photo_file_id IS NOT NULL;

-- A deleted file whose create-only upload URL may still be live keeps an empty blob until that URL has expired, so
-- the URL cannot write the key again; the storage sweep removes it at `remove_after`.
CREATE TABLE retired_file_keys (
  file_key text PRIMARY KEY,
  remove_after timestamptz NOT NULL
);
CREATE INDEX retired_file_keys_due ON retired_file_keys (remove_after);
