-- Issue 55 §3: an event at a site shows on the site's clock, named ('06:51 AEDT'). The zone was worked out from the
-- postcode wherever a time was shown; it is now the site's own, changeable on the site form, and starts as its
-- address gives it.

-- `siteTimeZone` (src/domain/site-time-zone.ts) in SQL: the zone of the postcode's state, Broken Hill and Lord Howe
-- Island on their own clocks, Sydney for a postcode of no state. tests/api/site-time-zone.test.ts compares the two
-- for every four-digit postcode.
CREATE FUNCTION postcode_time_zone(postcode text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN code IS NULL THEN 'Australia/Sydney'
    WHEN code = 2880 THEN 'Australia/Broken_Hill'
    WHEN code = 2898 THEN 'Australia/Lord_Howe'
    WHEN code BETWEEN 800 AND 999 THEN 'Australia/Darwin'
    WHEN code BETWEEN 3000 AND 3999 OR code BETWEEN 8000 AND 8999 THEN 'Australia/Melbourne'
    WHEN code BETWEEN 4000 AND 4999 OR code BETWEEN 9000 AND 9999 THEN 'Australia/Brisbane'
    WHEN code BETWEEN 5000 AND 5999 THEN 'Australia/Adelaide'
    WHEN code BETWEEN 6000 AND 6999 THEN 'Australia/Perth'
    WHEN code BETWEEN 7000 AND 7999 THEN 'Australia/Hobart'
    ELSE 'Australia/Sydney'
  END
  FROM (SELECT CASE WHEN btrim(postcode) ~ '^[0-9]{4}$' THEN btrim(postcode)::int END AS code) parsed
$$;

ALTER TABLE project_sites ADD COLUMN time_zone text;

-- The list writes the zone with the site's other own fields (migration 037), in the order a site is answered.
CREATE OR REPLACE FUNCTION site_list_fields(site project_sites) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT substr(j, 2, length(j) - 2) FROM (SELECT row_to_json(fields)::text AS j FROM (SELECT
    site.id AS "_id",
    site.address AS "address",
    site.suburb AS "suburb",
    site.postcode AS "postcode",
    site.address || ', ' || site.suburb || ' ' || site.postcode AS "fullAddress",
    site.site_number AS "siteNumber",
    site.client_name AS "clientName",
    site.time_zone AS "timeZone",
    site.other_ppe AS "otherPpe",
    site.status AS "status",
    site.version AS "version",
    to_char(site.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(site.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") fields) written
$$;

-- Existing sites take the zone their address gives; the update rewrites their list fields too.
UPDATE project_sites SET time_zone = postcode_time_zone(postcode);
ALTER TABLE project_sites ALTER COLUMN time_zone SET NOT NULL;

-- A site inserted without a zone (the API's create leaves it out, so do seeds and scripts) takes its address's.
-- Named to sort before project_sites_list_fields: BEFORE triggers fire in name order, and that one writes the zone.
CREATE FUNCTION project_sites_fill_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.time_zone := coalesce(NEW.time_zone, postcode_time_zone(NEW.postcode));
  RETURN NEW;
END $$;
CREATE TRIGGER project_sites_fill_time_zone BEFORE INSERT ON project_sites
  FOR EACH ROW EXECUTE FUNCTION project_sites_fill_time_zone();
