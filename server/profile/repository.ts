import type { FastifyInstance } from 'fastify';
import type { Profile, ProfileUpdate } from '../../src/domain/profile';
import type { AccessTokenPayload } from '../../src/domain/token';
import { fileView } from '../storage/file-view';
import { inTransaction } from '../db/transaction';

type App = Pick<FastifyInstance, 'db' | 'storage'>;

const companyRoles = ['CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor'] as const;

/** Spec §3 Profile, reshaped by role: company details for company roles, business details for supervisors. */
export async function readProfile(app: App, viewer: AccessTokenPayload): Promise<Profile | null> {
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', viewer.sub).executeTakeFirst();
  if (!user) return null;
  const role = viewer.roles[0] ?? 'Unregistered';
  const isCompanyRole = (companyRoles as readonly string[]).includes(role);
  const companyId = isCompanyRole ? viewer.company : null;
  const userRole =
    role === 'Unregistered'
      ? undefined
      : await app.db
          .selectFrom('user_roles')
          .select(['id', 'company_id'])
          .where('user_id', '=', user.id)
          .where('role', '=', role)
          .where('status', '=', 'active')
          .where('company_id', companyId === null ? 'is' : '=', companyId)
          .executeTakeFirst();
  const profile: Profile = {
    _id: user.id,
    firstName: user.first_name,
    surname: user.surname,
    contactEmail: user.contact_email || user.email,
    phone: user.phone,
    emergencyContactName: user.emergency_contact_name,
    emergencyContactPhone: user.emergency_contact_phone,
    userRole: { _id: userRole?.id ?? '', user: user.id, role },
  };
  if (isCompanyRole && userRole?.company_id) {
    const company = await app.db
      .selectFrom('companies')
      .select(['id', 'name', 'image_file_id'])
      .where('id', '=', userRole.company_id)
      .executeTakeFirst();
    if (company) {
      const image = await fileView(app, company.image_file_id);
      Object.assign(profile, { companyDetails: { _id: company.id, name: company.name, image: image ? { url: image.url } : null } });
    }
  }
  if (role === 'CompanySupervisor') {
    Object.assign(profile, {
      businessDetails: { tradeQualifications: user.trade_qualifications, whitecardNumber: user.whitecard_number },
    });
  }
  return profile;
}

/** `requestId`: the request the change is made in, for its audit event. */
export async function updateProfile(app: App, viewer: AccessTokenPayload, update: ProfileUpdate, requestId: string | null): Promise<void> {
  await inTransaction(app.db, async (trx) => {
    const before = await trx.selectFrom('users').selectAll().where('id', '=', viewer.sub).forUpdate().executeTakeFirstOrThrow();
    const changes = {
      first_name: update.firstName.trim(),
      surname: update.surname.trim(),
      contact_email: update.contactEmail.trim(),
      phone: update.phone.replace(/\s+/g, ''),
      emergency_contact_name: update.emergencyContactName.trim(),
      emergency_contact_phone: update.emergencyContactPhone.replace(/\s+/g, ''),
      ...(update.businessDetails && viewer.roles.includes('CompanySupervisor')
        ? {
            trade_qualifications: update.businessDetails.tradeQualifications.trim(),
            whitecard_number: update.businessDetails.whitecardNumber.trim(),
          }
        : {}),
    };
    await trx.updateTable('users').set({ ...changes, updated_at: new Date() }).where('id', '=', viewer.sub).execute();
    const changed = Object.fromEntries(
      Object.entries(changes)
        .filter(([key, value]) => before[key as keyof typeof before] !== value)
        .map(([key, value]) => [key, { from: before[key as keyof typeof before], to: value }]),
    );
    await trx
      .insertInto('audit_events')
      .values({
        id: crypto.randomUUID(),
        actor_user_id: viewer.sub,
        action: 'profile.update',
        entity: 'user',
        entity_id: viewer.sub,
        detail: JSON.stringify(changed),
        request_id: requestId,
      })
      .execute();
  });
}
