-- Issue 10: tradespeople on site. A secret key per site (its QR poster), check-outs, the
-- tradesperson's white card photo and licences, SWMS controls per WHS Regulation 299, and the
-- hourly review digest.

-- 122 random bits per site; a volatile default is evaluated for every existing row.
ALTER TABLE project_sites ADD COLUMN site_key text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');

ALTER TABLE check_ins
  ADD COLUMN checked_out_at timestamptz,
  ADD COLUMN checkout_kind text CHECK (checkout_kind IN ('self', 'manual', 'automatic')),
  ADD COLUMN checked_out_by uuid REFERENCES users(id),
  ADD COLUMN ppe_confirmed boolean NOT NULL DEFAULT false,
  ADD COLUMN safety_plan_acknowledged boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT check_ins_checkout_complete CHECK ((checked_out_at IS NULL) = (checkout_kind IS NULL));

-- Check-ins recorded before check-out existed ended that day.
UPDATE check_ins SET checked_out_at = created_at + interval '8 hours', checkout_kind = 'automatic'
  WHERE created_at < now() - interval '1 day';

CREATE INDEX check_ins_open ON check_ins (site_id, created_at) WHERE checked_out_at IS NULL;
CREATE INDEX check_ins_user_recent ON check_ins (user_id, created_at DESC);

ALTER TABLE users ADD COLUMN whitecard_photo_file_id uuid REFERENCES files(id);

CREATE TABLE licences (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  position integer NOT NULL,
  licence_class text NOT NULL,
  number text NOT NULL,
  expires_on date NOT NULL,
  photo_file_id uuid REFERENCES files(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX licences_user ON licences (user_id, position);

ALTER TABLE swms
  ADD COLUMN control_implementation text NOT NULL DEFAULT '',
  ADD COLUMN control_monitoring text NOT NULL DEFAULT '',
  ADD COLUMN control_review text NOT NULL DEFAULT '';
CREATE INDEX swms_created_by_recent ON swms (created_by, created_at DESC);

-- One row per reviewer per SWMS awaiting them; a digest sends every unsent row of one person at once.
CREATE TABLE review_digest_items (
  id uuid PRIMARY KEY,
  recipient_user_id uuid NOT NULL REFERENCES users(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  swms_id uuid NOT NULL REFERENCES swms(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (recipient_user_id, swms_id)
);
CREATE INDEX review_digest_items_unsent ON review_digest_items (recipient_user_id) WHERE sent_at IS NULL;
CREATE INDEX review_digest_items_sent ON review_digest_items (recipient_user_id, sent_at DESC) WHERE sent_at IS NOT NULL;
