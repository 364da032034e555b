import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { isValidEmail } from '../src/domain/validators';
import { verifyAuditChains } from './audit/verify';
import { recordAuthEvent } from './auth/audit';
import { authPlugin } from './auth/plugin';
import { backupCommand, restoreCommand } from './backup/commands';
import { restoreWhilePortalRuns } from './backup/messages';
import type { AppConfig } from './config';
import { sendCommand, type CommandResult } from './data-dir/command-socket';
import { commandSocketPath, liveOwner } from './data-dir/owner-lock';
import { dataDirPlugin } from './data-dir/plugin';
import { dbPlugin } from './db/plugin';
import { siteCheckInUrl } from './site-visits/keys';
import { findSitesByReference } from './site-visits/repository';
import { addSuperUser } from './users/repository';

export const usage = `Usage: npm run cli -- <command>

Commands:
  superuser add <email>   give an account the Super User role (the account is created when missing)
  token <email>           print a bearer token for the email, as a fresh sign-in would get it
  seed demo               load the demo data
  site link <job number or site id>
                          print the site's check-in address (its QR code) as PUBLIC_URL makes it, to try the phone flow
  audit verify [--company <id>]
                          walk the audit chains (every chain, or one company's) and prove nothing was altered
  backup <file>           write the embedded database and every stored file to one archive (also while the portal runs)
  restore <file> [--force]
                          replace the embedded database and files with an archive's (the portal stopped; --force
                          when the data folder already holds data)`;

export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

export interface OpenedApp {
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

/** How a command reaches the server: `accounts` needs the database and keys, `everything` the blob store too. */
export interface CliApps {
  accounts(): Promise<OpenedApp>;
  everything(): Promise<OpenedApp>;
}

type Command =
  | { readonly name: 'superuser' | 'token'; readonly email: string }
  | { readonly name: 'seed' }
  | { readonly name: 'site'; readonly reference: string }
  | { readonly name: 'audit'; readonly companyId?: string }
  | { readonly name: 'backup'; readonly file: string }
  | { readonly name: 'restore'; readonly file: string; readonly force: boolean };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseAudit(args: readonly string[]): Command | undefined {
  const [verb, flag, companyId, ...rest] = args;
  if (verb !== 'verify' || rest.length > 0) return undefined;
  if (flag === undefined) return { name: 'audit' };
  return flag === '--company' && companyId !== undefined && uuidPattern.test(companyId) ? { name: 'audit', companyId: companyId.toLowerCase() } : undefined;
}

function parseRestore(args: readonly string[]): Command | undefined {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const [file] = files;
  return files.length === 1 && file !== undefined && file.trim() !== '' && args.length === files.length + Number(force)
    ? { name: 'restore', file: path.resolve(file), force }
    : undefined;
}

function parse(args: readonly string[]): Command | undefined {
  if (args[0] === 'audit') return parseAudit(args.slice(1));
  if (args[0] === 'restore') return parseRestore(args.slice(1));
  const [command, first, second, ...rest] = args;
  if (rest.length > 0) return undefined;
  if (command === 'superuser' && first === 'add' && second !== undefined && isValidEmail(second)) return { name: 'superuser', email: second.trim() };
  if (command === 'token' && first !== undefined && isValidEmail(first) && second === undefined) return { name: 'token', email: first.trim() };
  if (command === 'seed' && first === 'demo' && second === undefined) return { name: 'seed' };
  if (command === 'backup' && first !== undefined && first.trim() !== '' && second === undefined) return { name: 'backup', file: path.resolve(first) };
  if (command === 'site' && first === 'link' && second !== undefined && second.trim() !== '') return { name: 'site', reference: second.trim() };
  return undefined;
}

/** Runs one command and answers the process exit code: 0 done, 1 failed, 2 not understood. */
export async function runCli(args: readonly string[], output: CliOutput, apps: CliApps): Promise<number> {
  const command = parse(args);
  if (!command) {
    output.err(usage);
    return 2;
  }
  if (command.name === 'restore') {
    output.err(restoreWhilePortalRuns);
    return 1;
  }
  const opened = await (command.name === 'seed' || command.name === 'backup' ? apps.everything() : apps.accounts());
  try {
    if (command.name === 'backup') return await backupCommand(opened.app, command.file, output);
    if (command.name === 'token') output.out(await opened.app.auth.tokenForEmail(command.email));
    if (command.name === 'superuser') output.out(await superUserAdd(opened.app, command.email));
    if (command.name === 'audit') return await auditVerify(opened.app, command.companyId, output);
    if (command.name === 'site') return await siteLink(opened.app, command.reference, output);
    if (command.name === 'seed') {
      const { seedDemo } = await import('./seed/demo');
      await seedDemo(opened.app.db, opened.app.storage);
      output.out('Demo data loaded');
    }
    return 0;
  } catch (error) {
    output.err(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await opened.close();
  }
}

const shortHash = (hash: string) => `${hash.slice(0, 4)}…${hash.slice(-4)}`;

async function auditVerify(app: FastifyInstance, companyId: string | undefined, output: CliOutput): Promise<number> {
  const { checked, chains, broken } = await verifyAuditChains(app.db, companyId);
  const lines = chains.map((chain) => `  ${chain.chain.padEnd(36)}  ${String(chain.events).padStart(8)} events  head ${chain.headHash}`);
  if (broken) {
    output.err(
      `Audit trail broken at event ${broken.eventId} (chain ${broken.chain}, #${broken.seq}): ${broken.reason}.\n` +
        `Checked ${checked} events before it.`,
    );
    return 1;
  }
  if (companyId !== undefined && chains.length === 0) {
    output.err(`No audit events for company ${companyId}`);
    return 1;
  }
  output.out([`Audit trail verified: ${checked} events in ${chains.length} chain${chains.length === 1 ? '' : 's'}`, ...lines].join('\n'));
  if (chains.length === 1 && chains[0]) output.out(`Head ${shortHash(chains[0].headHash)}`);
  return 0;
}

/** Issue 10: the poster's address of a site, found by its job number or id; one line per site when several share the number. */
async function siteLink(app: FastifyInstance, reference: string, output: CliOutput): Promise<number> {
  const sites = await findSitesByReference(app.db, reference, uuidPattern.test(reference));
  if (sites.length === 0) {
    output.err(`No project site has the job number or id ${reference}`);
    return 1;
  }
  const url = (site: (typeof sites)[number]) => siteCheckInUrl(app.config.publicUrl, site.id, site.site_key);
  const [only] = sites;
  if (sites.length === 1 && only) output.out(url(only));
  else output.out(sites.map((site) => `${url(site)}  (${site.company_name}: Job No. ${site.site_number}, ${site.address}, ${site.suburb})`).join('\n'));
  return 0;
}

async function superUserAdd(app: FastifyInstance, email: string): Promise<string> {
  const { user, added } = await addSuperUser(app.db, email);
  if (!added) return `${user.email} already is a Super User`;
  await recordAuthEvent(app.db, { action: 'auth.superUserAdded', userId: user.id, actorUserId: null, detail: { via: 'cli' }, requestId: null });
  return `${user.email} is now a Super User`;
}

export function cliApps(loadAppConfig: () => AppConfig): CliApps {
  const opened = (app: FastifyInstance): OpenedApp => ({ app, close: () => app.close() });
  return {
    async accounts() {
      const config = loadAppConfig();
      // As the portal's own app: a first migration of the embedded database can outlast Fastify's 10 s default.
      const app = Fastify({ logger: false, pluginTimeout: 120_000 });
      app.decorate('config', { ...config, devIdentityProvider: false });
      await app.register(fastifyCookie);
      await app.register(dataDirPlugin, { dataDir: config.dataDir, embedded: !config.databaseUrl });
      await app.register(dbPlugin, { url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
      await app.register(authPlugin);
      await app.ready();
      return opened(app);
    },
    async everything() {
      const { buildApp } = await import('./app');
      const app = await buildApp({ ...loadAppConfig(), serveSpa: false, seedDemoWhenEmpty: false, logLevel: 'warn' });
      await app.ready();
      return opened(app);
    },
  };
}

/** A command sent to the running portal over its command socket, run on the portal's own app. */
export async function runInPortal(app: FastifyInstance, args: readonly string[]): Promise<CommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  const running = { app, close: async () => undefined };
  const code = await runCli(args, { out: (text) => out.push(text), err: (text) => err.push(text) }, {
    accounts: async () => running,
    everything: async () => running,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * Runs a command from the shell: through the portal that owns the embedded data folder while it
 * runs (never a second writer on it), else in this process.
 */
export async function runFromShell(args: readonly string[], output: CliOutput, config: AppConfig): Promise<number> {
  const command = parse(args);
  if (command?.name === 'restore') return restoreCommand(config, command.file, command.force, output);
  const owner = liveOwner(config.dataDir);
  if (owner === undefined) return runCli(args, output, cliApps(() => config));
  // The portal's working folder need not be the shell's: it is sent the file's full path.
  const sent = command?.name === 'backup' ? ['backup', command.file] : args;
  const answer = await sendCommand(commandSocketPath(config.dataDir), sent).catch(() => undefined);
  if (!answer) {
    output.err(`The portal (pid ${owner}) holds ${config.dataDir} but is not answering commands yet: wait until it has started, then try again.`);
    return 1;
  }
  if (answer.out) output.out(answer.out);
  if (answer.err) output.err(answer.err);
  return answer.code;
}
