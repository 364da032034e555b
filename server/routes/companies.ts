import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Schema } from 'effect';
import { companyMessages, CompanyInput, CompanyListQuery, type CompanyList, type EmployeeDetails } from '../../src/domain/company';
import { Uuid } from '../../src/domain/fields';
import type { Role } from '../../src/domain/roles';
import { findEmployee, listEmployees, listInvitedEmployees } from '../companies/employees';
import { acceptEmptyJsonBodies } from '../companies/json-body';
import { changeCompany, createCompany, readCompany, removeCompany, searchCompanies } from '../companies/service';
import { decodeOr400, forbidden, notFound } from '../http/errors';
import { listJson } from '../http/json-text';
import { actorOf } from '../audit/request-context';

const CompanyParams = Schema.Struct({ id: Uuid });
const EmployeeParams = Schema.Struct({ id: Uuid, employeeId: Uuid });

const companyUsers: readonly Role[] = ['CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor'];
/** Spec §2 side navigation: 'Employees ... company admin only' (the access matrix holds the API to it). */
const employeeReaders: readonly Role[] = ['CompanyAdmin'];

/**
 * Spec §6: the super user reaches every client; a company user only their own company, with one of
 * `roles`. Checked on the raw id, before anything is looked up, so another company's id reveals nothing.
 */
function requireCompanyAccess(request: FastifyRequest, companyId: unknown, roles: readonly Role[]): void {
  const user = request.user;
  if (user.roles.includes('SuperUser')) return;
  const ownCompany = typeof companyId === 'string' && user.company !== null && user.company === companyId;
  if (!ownCompany || !user.roles.some((role) => roles.includes(role))) throw forbidden();
}

const rawCompanyId = (request: FastifyRequest) => (request.params as { id?: unknown }).id;

/** Spec §7 company calls: the client list and client records (issue 3). */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  acceptEmptyJsonBodies(app);
  const superUser = { preHandler: [app.authenticate, app.requireRoles('SuperUser')] };
  const signedIn = { preHandler: [app.authenticate] };

  app.get('/company', superUser, async (request, reply) => {
    const query = decodeOr400(CompanyListQuery, request.query);
    return reply.type('application/json; charset=utf-8').send(listJson<CompanyList>(await searchCompanies(app, query)));
  });

  app.post('/company', superUser, async (request, reply) => {
    const input = decodeOr400(CompanyInput, request.body);
    const company = await createCompany(app, input, actorOf(request));
    return reply.code(201).send(company);
  });

  app.get('/company/:id', signedIn, async (request) => {
    requireCompanyAccess(request, rawCompanyId(request), companyUsers);
    const { id } = decodeOr400(CompanyParams, request.params);
    return readCompany(app, id);
  });

  app.put('/company/:id', signedIn, async (request) => {
    requireCompanyAccess(request, rawCompanyId(request), ['CompanyAdmin']);
    const { id } = decodeOr400(CompanyParams, request.params);
    const input = decodeOr400(CompanyInput, request.body);
    return changeCompany(app, id, input, actorOf(request), request.log);
  });

  app.delete('/company/:id', superUser, async (request, reply) => {
    const { id } = decodeOr400(CompanyParams, request.params);
    await removeCompany(app, id, actorOf(request));
    return reply.code(204).send();
  });

  app.get('/company/:id/employees', signedIn, async (request) => {
    requireCompanyAccess(request, rawCompanyId(request), employeeReaders);
    const { id } = decodeOr400(CompanyParams, request.params);
    await readCompany(app, id);
    return listEmployees(app.db, id);
  });

  app.get('/company/:id/employees/invite', signedIn, async (request) => {
    requireCompanyAccess(request, rawCompanyId(request), employeeReaders);
    const { id } = decodeOr400(CompanyParams, request.params);
    await readCompany(app, id);
    return listInvitedEmployees(app.db, id);
  });

  app.get('/company/:id/employees/:employeeId', signedIn, async (request): Promise<EmployeeDetails> => {
    requireCompanyAccess(request, rawCompanyId(request), employeeReaders);
    const { id, employeeId } = decodeOr400(EmployeeParams, request.params);
    const company = await readCompany(app, id);
    const employee = await findEmployee(app.db, id, employeeId);
    if (!employee) throw notFound(companyMessages.employeeNotFound);
    return {
      ...employee,
      companyDetails: { _id: company._id, name: company.name, image: company.image ? { url: company.image.url } : null },
    };
  });
};
