import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { checkInPageFile } from '../src/domain/check-in-page';
import { loginPageFile } from '../src/domain/login-page';
import { requestContextPlugin } from './audit/request-context';
import { pendingCheckOr } from './auth/company-check';
import { authPlugin } from './auth/plugin';
import type { AppConfig } from './config';
import { dataDirPlugin, type AppCommandRunner } from './data-dir/plugin';
import { databaseUnavailableMessage, isDatabaseUnavailable, isStatementCancelled, retryAfterSeconds, tookTooLongMessage } from './db/connection-errors';
import { dbPlugin } from './db/plugin';
import { HttpError } from './http/errors';
import { clientErrorHandler, frameworkErrors, requestErrorMessage } from './http/fastify-errors';
import { rateLimitPlugin } from './http/rate-limit';
import { securityHeaders } from './http/security-headers';
import { sendSpaIndex } from './http/spa-index';
import { livePlugin } from './live/plugin';
import { mailQueuePlugin } from './mail/mail-queue-plugin';
import { mailPlugin } from './mail/plugin';
import { reviewDigestPlugin } from './mail/review-digest-plugin';
import { auditRoutes } from './routes/audit';
import { companyRoutes } from './routes/companies';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { healthRoutes } from './routes/health';
import { inviteRoutes } from './routes/invites';
import { liveRoutes } from './routes/live';
import { profileRoutes } from './routes/profile';
import { projectSiteRoutes } from './routes/project-sites';
import { siteActivityRoutes } from './routes/site-activity';
import { siteGateRoutes } from './routes/site-gate';
import { siteVisitRoutes } from './routes/site-visits';
import { swmsRoutes } from './routes/swms';
import { swmsPdfRoutes } from './routes/swms-pdf';
import { tradesRoutes } from './routes/trades';
import { swmsSubmissionRoutes } from './routes/swms-submission';
import { swmsSignOnRoutes } from './routes/swms-signons';
import { fileRoutes } from './routes/files';
import { autoCheckoutPlugin } from './site-visits/auto-checkout';
import { untimed, type TimeStep } from './startup-steps';
import { startAzurite } from './storage/azurite';
import { storagePlugin } from './storage/plugin';
import { ownAssetsFile } from './web-build';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Every route as registered, for the access tests that must cover each one. */
    registeredRoutes: readonly { readonly method: string; readonly url: string }[];
  }
}

export interface BuildOptions {
  /** The long-running portal answers CLI commands on a socket in its data folder, running each with this (the start script passes the CLI's). */
  readonly answerCommands?: AppCommandRunner;
  /** Times the slow start-up steps (the start script prints them). */
  readonly step?: TimeStep;
  /** A web build running beside the start: its files are served once it is done (they are listed when served). */
  readonly webBuild?: Promise<void>;
  /** Where log lines go instead of standard output (tests read them). */
  readonly logStream?: { write(line: string): void };
  /** The long-running portal faults in an embedded database's memory before it listens (`server/db/pglite-memory.ts`). */
  readonly faultInEmbeddedMemory?: boolean;
}

/** Load balancers and the start script probe this: it would be most of the log and says nothing. */
const quietUrls = new Set(['/api/health']);

/** Builds the whole portal server; `start` and the tests both call it. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // Issue 11: one line per request, written when it is answered (Fastify's own logging writes two).
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For and -Proto are believed only from the configured proxies (TRUST_PROXY).
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    bodyLimit: 1024 * 1024,
    // Opening the embedded database runs initdb on a first start: on a busy 2-core machine that alone passed Fastify's 10 s default.
    pluginTimeout: 120_000,
    // Unique across instances, so an audit event names the one request that wrote it.
    genReqId: () => randomUUID(),
    // Issue 12 §6: requests refused before any route runs answer in the API's plain-text shape too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('config', config);
  await app.register(securityHeaders);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (!quietUrls.has(request.url.split('?', 1)[0] ?? '')) {
      request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });

  app.setErrorHandler(async (thrown, request, reply) => {
    const error = (await pendingCheckOr(app.db, request, thrown)) as FastifyError;
    if (error instanceof HttpError) return reply.code(error.statusCode).type('text/plain').send(error.message);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply.code(503).header('retry-after', String(retryAfterSeconds)).type('text/plain').send(databaseUnavailableMessage);
    }
    if (isStatementCancelled(error)) {
      request.log.warn({ err: error }, 'a statement ran past the statement timeout');
      return reply.code(504).type('text/plain').send(tookTooLongMessage);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).type('text/plain').send(requestErrorMessage(error, request));
    request.log.error(error);
    return reply.code(500).type('text/plain').send('Something went wrong :(');
  });

  const embedded = !config.databaseUrl || !config.azureStorageConnectionString;
  await app.register(dataDirPlugin, { dataDir: config.dataDir, embedded, answerCommands: options.answerCommands });
  await app.register(requestContextPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  const step = options.step ?? untimed;
  // The embedded blob store starts in its own process while this one opens the database.
  const azurite = config.azureStorageConnectionString ? undefined : startAzurite(path.join(config.dataDir, 'azurite'));
  azurite?.catch(() => undefined);
  try {
    await app.register(dbPlugin, {
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      step,
      faultInMemory: options.faultInEmbeddedMemory === true,
    });
  } catch (error) {
    await azurite?.then((running) => running.stop()).catch(() => undefined);
    throw error;
  }
  // Before any route it limits is registered: it reads each route's `limit` as the route is added.
  await app.register(rateLimitPlugin);
  await step('blob store', async () => {
    await app.register(storagePlugin, { connectionString: config.azureStorageConnectionString, dataDir: path.join(config.dataDir, 'azurite'), azurite });
  });
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(mailQueuePlugin);
  await app.register(livePlugin);
  await app.register(autoCheckoutPlugin);
  await app.register(reviewDigestPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(profileRoutes);
      await api.register(fileRoutes);
      await api.register(companyRoutes);
      await api.register(inviteRoutes);
      await api.register(projectSiteRoutes);
      await api.register(swmsRoutes);
      await api.register(siteActivityRoutes);
      await api.register(tradesRoutes);
      await api.register(swmsSubmissionRoutes);
      await api.register(swmsSignOnRoutes);
      await api.register(liveRoutes);
      await api.register(auditRoutes);
      await api.register(swmsPdfRoutes);
      await api.register(siteVisitRoutes);
      await api.register(siteGateRoutes);
    },
    { prefix: '/api' },
  );
  if (config.mode !== 'production') await app.register(devMailboxRoutes, { prefix: '/dev/mailbox' });

  if (config.serveSpa) {
    await options.webBuild;
    // Issue 11: hashed build assets never change (cached for a year); anything else, index.html above
    // all, is checked on every visit so a deploy is picked up at once. .br/.gz siblings are sent when accepted.
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // index.html and its copies (the login page's, the check-in page's) are written per response (the CSP nonce), below; the build's list of its own assets is for the next build.
      allowedPath: (pathName) => !['/index.html', `/${loginPageFile}`, `/${checkInPageFile}`, `/${ownAssetsFile}`].includes(pathName),
      setHeaders: (res, filePath) => {
        const hashed = path.relative(config.distDir, filePath).startsWith(`assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const spaRoute = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && config.serveSpa;
    if (spaRoute) return sendSpaIndex(request, reply, config.distDir);
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}
