-- Issue 11: a client's own nine list fields, which change only when its row does, are written once with the row as the
-- members of a JSON object without its braces, as migration 037 does for sites; the list adds per page the user count
-- and the admin flag, which follow the company's roles.
--
-- They are the only writer of a company's fields: the client list and a company read alone both answer them
-- (server/companies/repository.ts, `companyFieldsJson`).

-- A client's own list fields, as JSON object members. to_char's MS truncates as JavaScript's toISOString does.
CREATE FUNCTION company_list_fields(company companies) RETURNS text LANGUAGE sql STABLE AS $$
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

ALTER TABLE companies ADD COLUMN list_fields text;
UPDATE companies c SET list_fields = company_list_fields(c);
ALTER TABLE companies ALTER COLUMN list_fields SET NOT NULL;

-- Every insert and update writes them again.
CREATE FUNCTION companies_write_list_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_fields := company_list_fields(NEW);
  RETURN NEW;
END $$;
CREATE TRIGGER companies_list_fields BEFORE INSERT OR UPDATE ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_write_list_fields();
