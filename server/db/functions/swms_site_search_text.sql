-- The text a SWMS search finds a site by: its address as the list shows it, lower-cased.
CREATE OR REPLACE FUNCTION swms_site_search_text(address text, suburb text, postcode text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(address || ', ' || suburb || ' ' || postcode);
