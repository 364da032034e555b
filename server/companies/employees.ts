import { sql } from 'kysely';
import type { Employee } from '../../src/domain/company';
import type { InvitedEmployee } from '../../src/domain/invite';
import type { Db } from '../db/database';

const companyRoles = ['CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor'] as const;

function activeEmployees(db: Db, companyId: string) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .where('ur.company_id', '=', companyId)
    .where('ur.status', '=', 'active')
    .where('ur.role', 'in', companyRoles)
    .select([
      'ur.id as role_id',
      'ur.role',
      'u.id as user_id',
      'u.email',
      'u.first_name',
      'u.surname',
      'u.contact_email',
      'u.phone',
      'u.emergency_contact_name',
      'u.emergency_contact_phone',
    ])
    .select((eb) =>
      eb
        .selectFrom('project_sites as ps')
        .select(sql<number>`count(*)`.as('count'))
        .whereRef('ps.company_id', '=', 'ur.company_id')
        .whereRef('ps.supervisor_role_id', '=', 'ur.id')
        .as('project_count'),
    );
}

type EmployeeRow = Awaited<ReturnType<ReturnType<typeof activeEmployees>['executeTakeFirstOrThrow']>>;

function toEmployee(row: EmployeeRow): Employee {
  const fullName = [row.first_name, row.surname].filter((part) => part.trim().length > 0).join(' ');
  return {
    _id: row.user_id,
    firstName: row.first_name,
    surname: row.surname,
    fullName,
    contactEmail: row.contact_email || row.email,
    phone: row.phone,
    emergencyContactName: row.emergency_contact_name,
    emergencyContactPhone: row.emergency_contact_phone,
    userRole: { _id: row.role_id, user: row.user_id, role: row.role },
    projectCount: Number(row.project_count ?? 0),
  };
}

/** Spec §2 employee table: admins first, then supervisors, each by name. */
export async function listEmployees(db: Db, companyId: string): Promise<Employee[]> {
  const rows = await activeEmployees(db, companyId)
    .orderBy(sql`CASE ur.role WHEN 'CompanyAdmin' THEN 0 ELSE 1 END`)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.surname)`)
    .orderBy('ur.id')
    .execute();
  return rows.map(toEmployee);
}

/** employeeId is the user-role id, as spec §2 links employees/{employeeId}. */
export async function findEmployee(db: Db, companyId: string, roleId: string): Promise<Employee | undefined> {
  const row = await activeEmployees(db, companyId).where('ur.id', '=', roleId).executeTakeFirst();
  return row ? toEmployee(row) : undefined;
}

/**
 * Pending invitations with their latest code's dates and email status (issue 12); an expired one
 * stays listed so it can be resent. A code issued before the mail queue was sent at once.
 */
export async function listInvitedEmployees(db: Db, companyId: string): Promise<InvitedEmployee[]> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('invites as i')
          .leftJoin('mail_deliveries as d', 'd.invite_id', 'i.id')
          .select(['i.email', 'i.created_at', 'i.expires_at', 'd.status as email_status'])
          .whereRef('i.user_role_id', '=', 'ur.id')
          .where('i.used_at', 'is', null)
          .where('i.voided_at', 'is', null)
          .orderBy('i.created_at', 'desc')
          .limit(1)
          .as('latest'),
      (join) => join.onTrue(),
    )
    .where('ur.company_id', '=', companyId)
    .where('ur.status', '=', 'invited')
    .where('ur.role', 'in', companyRoles)
    .select(['ur.id', 'ur.role', 'u.first_name', 'u.surname', 'u.contact_email', 'latest.email', 'latest.created_at', 'latest.expires_at', 'latest.email_status'])
    .orderBy('latest.created_at', 'desc')
    .orderBy('ur.id')
    .execute();
  return rows.map((row) => ({
    userRole: { _id: row.id },
    firstName: row.first_name,
    surname: row.surname,
    username: row.contact_email || row.email,
    email: row.email,
    role: row.role as InvitedEmployee['role'],
    invitedAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    emailStatus: row.email_status ?? 'sent',
  }));
}
