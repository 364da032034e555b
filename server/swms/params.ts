import type { FastifyRequest } from 'fastify';
import { Schema } from 'effect';
import { Uuid } from '../../src/domain/fields';

export const SwmsParams = Schema.Struct({ companyId: Uuid, swmsId: Uuid });

/** A path parameter as sent, before it is decoded: access is checked on it first, so any foreign id answers alike. */
export const rawParam = (request: FastifyRequest, name: 'id' | 'companyId') => (request.params as Record<string, unknown>)[name];
