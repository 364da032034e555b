import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { fileExtension, FileUploadRequest, type FileUploadResponse } from '../../src/domain/file';
import { decodeOr400 } from '../http/errors';
import { withinPendingCap } from '../storage/pending-uploads';
import { requireUploadAllowed } from '../storage/upload-rules';

/**
 * Spec §7 POST file: a create-only SAS url for a new fileKey, for a type the caller's role can attach
 * (issue 12 §9) and within the account's cap of uploads not yet saved (issue 55 §11); the browser uploads straight
 * to blob storage.
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/file',
    { preHandler: [app.authenticate, app.requireRoles('SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'TradesPerson')], config: { limit: 'fileUpload' } },
    async (request, reply): Promise<FileUploadResponse> => {
      const body = decodeOr400(FileUploadRequest, request.body);
      requireUploadAllowed(request.user.roles, body.type);
      const fileKey = `${randomUUID()}${fileExtension(body.filename)}`;
      await withinPendingCap(app, request.user.sub, body.type, (trx) =>
        trx
          .insertInto('files')
          .values({ id: randomUUID(), file_key: fileKey, friendly_name: body.filename, type: body.type, created_by: request.user.sub })
          .execute(),
      );
      const upload = app.storage.createUploadUrl(fileKey);
      reply.code(201);
      return { fileKey, sasToken: upload.url, url: upload.url, expiresAt: upload.expiresOn.toISOString() };
    },
  );
};
