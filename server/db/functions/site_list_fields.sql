-- A site's own fields as the site list sends them, JSON object members written once with the row.
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
