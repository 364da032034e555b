-- Issue 11: a site's own list fields, which change only when its row does, are written once with the row as the members
-- of a JSON object without its braces ("_id":…,"address":…,…,"updatedAt":…), because writing 18 fields a row as JSON
-- was most of a list page's statement. The list joins them per page to what depends on other rows or on the portal's
-- code: the supervisor (a memoized lateral join), the company, the PPE still offered (`answeredPpe` in
-- server/sites/repository.ts).
--
-- They are the only writer of a site's own fields: a list page and a site read alone both answer them
-- (server/sites/repository.ts, `siteFieldsJson`).

-- A site's own list fields, as JSON object members. to_char's MS truncates as JavaScript's toISOString does.
CREATE FUNCTION site_list_fields(site project_sites) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT substr(j, 2, length(j) - 2) FROM (SELECT row_to_json(fields)::text AS j FROM (SELECT
    site.id AS "_id",
    site.address AS "address",
    site.suburb AS "suburb",
    site.postcode AS "postcode",
    site.address || ', ' || site.suburb || ' ' || site.postcode AS "fullAddress",
    site.site_number AS "siteNumber",
    site.client_name AS "clientName",
    site.other_ppe AS "otherPpe",
    site.status AS "status",
    site.version AS "version",
    to_char(site.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(site.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") fields) written
$$;

ALTER TABLE project_sites ADD COLUMN list_fields text;
UPDATE project_sites ps SET list_fields = site_list_fields(ps);
ALTER TABLE project_sites ALTER COLUMN list_fields SET NOT NULL;

-- Every insert and update writes them again (an update that changes none of them costs about 15 µs more).
CREATE FUNCTION project_sites_write_list_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_fields := site_list_fields(NEW);
  RETURN NEW;
END $$;
CREATE TRIGGER project_sites_list_fields BEFORE INSERT OR UPDATE ON project_sites
  FOR EACH ROW EXECUTE FUNCTION project_sites_write_list_fields();
