import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Issue 12 §6: what a person reads when Fastify or Node itself refuses a request before any route
 * runs, in the API's plain-text message shape instead of Fastify's JSON ('FST_ERR_BAD_URL').
 */
export const requestErrorMessages = {
  badUrl: 'This web address is not valid: check the link and try again',
  paramTooLong: 'A part of this web address is too long: check the link and try again',
  invalidJson: 'The request body is not valid JSON',
  emptyJson: 'The request body is empty: send a JSON object',
  unsupportedType: "This content type is not accepted: send the request body as JSON with 'Content-Type: application/json'",
  bodyTooLarge: (limitBytes: number) => `The request body is too large: send at most ${formatBytes(limitBytes)}`,
  contentLength: 'The request body is not as long as its Content-Length header says: send it again',
  headersTooLarge: "The request's headers are too large: clear this site's cookies and try again",
  timeout: 'The request took too long to arrive: try again',
  unreadable: 'The request could not be read: send it again as a well-formed HTTP request',
  notFound: 'Not found',
} as const;

function formatBytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

const messagesByCode: Readonly<Record<string, (request: FastifyRequest) => string>> = {
  FST_ERR_BAD_URL: () => requestErrorMessages.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: () => requestErrorMessages.paramTooLong,
  FST_ERR_CTP_INVALID_JSON_BODY: () => requestErrorMessages.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: () => requestErrorMessages.emptyJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => requestErrorMessages.unsupportedType,
  FST_ERR_CTP_BODY_TOO_LARGE: (request) => requestErrorMessages.bodyTooLarge(request.routeOptions.bodyLimit),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => requestErrorMessages.contentLength,
};

const messagesByStatus: Readonly<Record<number, (request: FastifyRequest) => string>> = {
  404: () => requestErrorMessages.notFound,
  408: () => requestErrorMessages.timeout,
  413: (request) => requestErrorMessages.bodyTooLarge(request.routeOptions.bodyLimit),
  414: () => requestErrorMessages.paramTooLong,
  415: () => requestErrorMessages.unsupportedType,
  431: () => requestErrorMessages.headersTooLarge,
};

/** The message for a 4xx error Fastify or a body parser raised while reading `request`. */
export function requestErrorMessage(error: unknown, request: FastifyRequest): string {
  const { code, statusCode } = (error ?? {}) as { readonly code?: unknown; readonly statusCode?: unknown };
  const byCode = typeof code === 'string' ? messagesByCode[code] : undefined;
  if (byCode) return byCode(request);
  if (error instanceof SyntaxError) return requestErrorMessages.invalidJson;
  const byStatus = typeof statusCode === 'number' ? messagesByStatus[statusCode] : undefined;
  return byStatus ? byStatus(request) : requestErrorMessages.unreadable;
}

/**
 * Fastify's `frameworkErrors` option: a URL that does not decode (FST_ERR_BAD_URL) or a path
 * parameter over the router's limit (FST_ERR_MAX_PARAM_LENGTH) is refused before any route runs.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).header('x-content-type-options', 'nosniff').type('text/plain; charset=utf-8').send(requestErrorMessage(error, request));
}

interface ConnectionError extends Error {
  readonly code?: string;
}

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refuses oversized headers (431) and
 * malformed requests on the socket, before Fastify has a request; the answer is written raw.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', requestErrorMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', requestErrorMessages.timeout]
        : [400, 'Bad Request', requestErrorMessages.unreadable];
  this.log.debug({ err: error }, 'refused a request the HTTP parser could not read');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${message}`,
    );
  }
  socket.destroy(error);
}
