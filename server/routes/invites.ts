import type { FastifyPluginAsync } from 'fastify';
import { Schema } from 'effect';
import { Uuid, RequiredText } from '../../src/domain/fields';
import { AcceptInvite, InviteInput } from '../../src/domain/invite';
import type { TokenResponse } from '../../src/domain/token';
import { actorOf } from '../audit/request-context';
import { acceptEmptyJsonBodies } from '../companies/json-body';
import { decodeOr400 } from '../http/errors';
import { acceptInvitation, acceptOnSignIn, inviteEmployee, readInvitation, resendInvitation } from '../invites/service';

const ResendParams = Schema.Struct({ userRoleId: Uuid });
const InvitationParams = Schema.Struct({ inviteCode: RequiredText });

/** Spec §7 invitation calls (issue 3). */
export const inviteRoutes: FastifyPluginAsync = async (app) => {
  acceptEmptyJsonBodies(app);
  app.auth.onInviteCode = acceptOnSignIn(app, app.log);
  const inviters = { preHandler: [app.authenticate, app.requireRoles('SuperUser', 'CompanyAdmin')] };
  const signedIn = { preHandler: [app.authenticate] };

  app.post('/user/invite', inviters, async (request, reply) => {
    const input = decodeOr400(InviteInput, request.body);
    return reply.code(201).send(await inviteEmployee(app, request.user, request.id, input, request.log));
  });

  app.post('/user/invite/:userRoleId', inviters, async (request) => {
    const { userRoleId } = decodeOr400(ResendParams, request.params);
    return resendInvitation(app, request.user, request.id, userRoleId, request.log);
  });

  app.get('/user/invite/:inviteCode', { ...signedIn, config: { limit: 'invitationLookup' } }, async (request) => {
    const { inviteCode } = decodeOr400(InvitationParams, request.params);
    return readInvitation(app, inviteCode);
  });

  app.post('/user/accept', { ...signedIn, config: { limit: 'invitationAccept' } }, async (request): Promise<TokenResponse> => {
    const { inviteCode } = decodeOr400(AcceptInvite, request.body);
    await acceptInvitation(app, actorOf(request), inviteCode);
    return { token: await app.auth.issueAccessToken(request.user.sub) };
  });
};
