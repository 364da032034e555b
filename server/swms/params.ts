import type { FastifyRequest } from 'fastify';
import { Schema } from 'effect';
import { Uuid } from '../../src/domain/fields';

export const SwmsParams = Schema.Struct({ companyId: Uuid, swmsId: Uuid });

/** A path parameter as sent, before it is decoded: access is checked on it first, so any foreign id answers alike. */
export const rawParam = (request: FastifyRequest, name: 'id' | 'companyId') => (request.params as Record<string, unknown>)[name];

export const swmsRevisionMessage = 'A revision is a whole number from 1';

/** Issue 57: GET .../swms/{swmsId}/revisions/{n}, n as the path writes it. */
export const SwmsRevisionParams = Schema.Struct({
  companyId: Uuid,
  swmsId: Uuid,
  revision: Schema.String.annotate({ message: swmsRevisionMessage }).check(
    Schema.makeFilter<string>((value) => /^[1-9][0-9]{0,8}$/.test(value) || swmsRevisionMessage),
  ),
});
