-- Issue 9: CompanyAuditor, a read-only company role invited by the company admin.
ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check;
ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check
  CHECK (role IN ('SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor', 'TradesPerson'));
