import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { fileExtension, FileUploadRequest, type FileUploadResponse } from '../../src/domain/file';
import { decodeOr400 } from '../http/errors';

/** Spec §7 POST file: a write-only SAS url for a new fileKey; the browser uploads straight to blob storage. */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/file',
    { preHandler: [app.authenticate, app.requireRoles('SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'TradesPerson')] },
    async (request, reply): Promise<FileUploadResponse> => {
      const body = decodeOr400(FileUploadRequest, request.body);
      const fileKey = `${randomUUID()}${fileExtension(body.filename)}`;
      await app.db
        .insertInto('files')
        .values({ id: randomUUID(), file_key: fileKey, friendly_name: body.filename, type: body.type, created_by: request.user.sub })
        .execute();
      const upload = app.storage.createUploadUrl(fileKey);
      reply.code(201);
      return { fileKey, sasToken: upload.url, url: upload.url, expiresAt: upload.expiresOn.toISOString() };
    },
  );
};
