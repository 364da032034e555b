-- A job number as one text that sorts low to high (spec §5): its digits as a number, none last, the whole number breaking ties.
CREATE OR REPLACE FUNCTION job_sort_key(site_number text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN digits = '' THEN '1' ELSE '0' || lpad(length(value)::text, 4, '0') || value END || ' ' || site_number
  FROM (SELECT regexp_replace(site_number, '[^0-9]', '', 'g') AS digits) AS d,
       LATERAL (SELECT coalesce(nullif(ltrim(d.digits, '0'), ''), '0') AS value) AS v
$$;
