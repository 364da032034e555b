import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Uuid } from '../../src/domain/fields';
import { decode } from '../../src/domain/decode';
import { isCompanyRole } from '../../src/domain/roles';
import { tradesMessages, type TradesPerson } from '../../src/domain/trades';
import { forbidden } from '../http/errors';
import { findVisibleTradesPerson } from './repository';

/** GET profile/trades/{id}: a malformed, unknown or hidden id all answer the same 403. */
export async function readTradesPerson(app: Pick<FastifyInstance, 'db'>, request: FastifyRequest, rawId: unknown): Promise<TradesPerson> {
  const id = decode(Uuid, rawId);
  if (!id.ok) throw forbidden(tradesMessages.notAuthorised);
  const user = request.user;
  const companyId = user.company !== null && user.roles.some(isCompanyRole) ? user.company : null;
  const row = await findVisibleTradesPerson(app.db, { userId: user.sub, companyId }, id.value);
  if (!row) throw forbidden(tradesMessages.notAuthorised);
  return {
    _id: row.id,
    firstName: row.first_name,
    surname: row.surname,
    phone: row.phone,
    email: row.contact_email || row.email,
    emergencyContactName: row.emergency_contact_name,
    emergencyContactPhone: row.emergency_contact_phone,
    tradeQualifications: row.trade_qualifications,
    whitecardNumber: row.whitecard_number,
  };
}
