-- A client's own fields as the client list sends them, JSON object members written once with the row.
CREATE OR REPLACE FUNCTION company_list_fields(company companies) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT substr(j, 2, length(j) - 2) FROM (SELECT row_to_json(fields)::text AS j FROM (SELECT
    company.id AS "_id",
    company.name AS "name",
    company.abn AS "abn",
    company.builders_reg_number AS "buildersRegNumber",
    company.phone AS "phone",
    company.email AS "email",
    company.address AS "address",
    company.postal_address AS "postalAddress",
    to_char(company.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt") fields) written
$$;
