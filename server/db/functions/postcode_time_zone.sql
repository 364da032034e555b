-- The time zone of a postcode, as siteTimeZone (src/domain/site-time-zone.ts) places it.
CREATE OR REPLACE FUNCTION postcode_time_zone(postcode text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
