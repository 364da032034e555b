import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AuditQuery, type AuditPage, type AuditVerification } from '../../src/domain/audit';
import { latestVerification } from '../audit/verifications';
import { auditCsvHeader, auditCsvLine, auditEventView, searchAuditEvents } from '../audit/repository';
import { decodeOr400, forbidden } from '../http/errors';

const csvBatch = 1000;

/**
 * Issue 9: the company's admins (and auditors) read their company's audit trail; a super user reads
 * any company's. An unknown company and another company answer alike.
 */
async function auditedCompany(request: FastifyRequest, app: Parameters<FastifyPluginAsync>[0]): Promise<string> {
  const raw = (request.params as { id?: unknown }).id;
  const { roles, company } = request.user;
  if (typeof raw !== 'string') throw forbidden();
  if ((roles.includes('CompanyAdmin') || roles.includes('CompanyAuditor')) && company === raw) return raw;
  if (roles.includes('SuperUser') && /^[0-9a-f-]{36}$/i.test(raw)) {
    const found = await app.db.selectFrom('companies').select('id').where('id', '=', raw.toLowerCase()).executeTakeFirst();
    if (found) return found.id;
  }
  throw forbidden();
}

export const auditRoutes: FastifyPluginAsync = async (app) => {
  const signedIn = { preHandler: [app.authenticate] };

  app.get('/company/:id/audit', signedIn, async (request): Promise<AuditPage> => {
    const companyId = await auditedCompany(request, app);
    const query = decodeOr400(AuditQuery, request.query);
    const rows = await searchAuditEvents(app.db, companyId, query);
    const limit = query.limit ?? 50;
    const last = rows.at(-1);
    return { items: rows.map(auditEventView), nextCursor: rows.length === limit && last ? String(last.seq) : null };
  });

  app.get('/company/:id/audit/verification', signedIn, async (request): Promise<AuditVerification> => {
    const companyId = await auditedCompany(request, app);
    return latestVerification(app.db, companyId, request.log);
  });

  app.get('/company/:id/audit.csv', signedIn, async (request, reply) => {
    const companyId = await auditedCompany(request, app);
    const query = decodeOr400(AuditQuery, request.query);
    async function* lines() {
      yield auditCsvHeader;
      let cursor = query.cursor;
      for (;;) {
        const rows = await searchAuditEvents(app.db, companyId, { ...query, ...(cursor === undefined ? {} : { cursor }) }, csvBatch);
        for (const row of rows) yield auditCsvLine(auditEventView(row));
        const last = rows.at(-1);
        if (rows.length < csvBatch || !last) return;
        cursor = last.seq;
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${companyId}.csv"`)
      .send(Readable.from(lines()));
  });
};
