import type { Insertable } from 'kysely';
import type {
  CheckInsTable,
  CompaniesTable,
  FilesTable,
  ProjectSitesTable,
  SwmsTable,
  UserRolesTable,
  UsersTable,
} from '../db/tables';

/** Every row the demo seed writes (demo.ts plans them, demo-history.ts writes the audit trail they would have left). */
export interface DemoPlan {
  readonly users: Insertable<UsersTable>[];
  readonly roles: Insertable<UserRolesTable>[];
  readonly files: Insertable<FilesTable>[];
  readonly companies: Insertable<CompaniesTable>[];
  readonly sites: Insertable<ProjectSitesTable>[];
  readonly swms: Insertable<SwmsTable>[];
  readonly checkIns: Insertable<CheckInsTable>[];
  readonly logos: { fileKey: string; bytes: Buffer }[];
}
