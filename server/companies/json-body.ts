import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';

/**
 * Spec §7 sends a JSON content type on every call, so a bodiless DELETE or resend arrives as
 * `application/json` with no body: read it as no body instead of refusing it.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('The request body is not valid JSON'), undefined);
    }
  });
}
