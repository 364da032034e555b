import type { FastifyPluginAsync } from 'fastify';
import { ProfileUpdate } from '../../src/domain/profile';
import { validationMessages } from '../../src/domain/messages';
import { badRequest, decodeOr400, notFound } from '../http/errors';
import { readProfile, updateProfile } from '../profile/repository';

const missingProfile = 'Something went wrong :(';

/** Spec §7 GET profile (reshaped by role) and PUT profile (spec §5 profile edit). */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/profile', { preHandler: app.authenticate }, async (request) => {
    const profile = await readProfile(app, request.user);
    if (!profile) throw notFound(missingProfile);
    return profile;
  });

  app.put('/profile', { preHandler: app.authenticate }, async (request) => {
    const update = decodeOr400(ProfileUpdate, request.body);
    if (request.user.roles.includes('CompanySupervisor') && !update.businessDetails) {
      throw badRequest(validationMessages.required);
    }
    await updateProfile(app, request.user, update, request.id);
    const profile = await readProfile(app, request.user);
    if (!profile) throw notFound(missingProfile);
    return profile;
  });
};
