import type { Schema } from 'effect';
import { decode, requestMessage, requestWording } from '../../src/domain/decode';

/** A failure the client caused or may see: its message is the response body, as spec §7 reads it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorised = (message = 'You need to sign in') => new HttpError(401, message);
export const forbidden = (message = 'You are not authorised to view this page') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * Decodes a body, query or parameter with its Schema; a bad one answers 400 naming the first failing
 * field and what it takes (issue 13 §2), 'Company Name: must be at most 200 characters'.
 */
export function decodeOr400<S extends Schema.Codec<unknown, unknown>>(schema: S, input: unknown): S['Type'] {
  const result = decode(schema, input, requestWording);
  if (!result.ok) throw badRequest(requestMessage(result.issues[0]));
  return result.value;
}
