import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { textLimits } from '../../../src/domain/fields';
import { fieldLabels } from '../../../src/domain/messages';
import type { FuzzCase } from './cases';
import type { Answers } from './routes';

export interface Answer {
  readonly statusCode: number;
  readonly body: string;
  readonly contentType: string;
}

/** Words of a machine, a parser or a stack trace: never what a person reads in a refusal. */
const machineWords = /FST_|ERR_|\bExpected\b|Missing key|Unexpected key|\[object |\bundefined\b|\bNaN\b|SyntaxError|TypeError|RangeError|Unexpected token|at position \d|\bat \S+ \(|statusCode|"error"/;

/** Why a 4xx body is not a sentence a person can act on, or undefined when it is one. */
function unreadable(answer: Answer, answers: Answers): string | undefined {
  if (answers === 'protocol') return undefined;
  const text = answer.body.trim();
  if (answers === 'page') {
    if (!answer.contentType.startsWith('text/html') && !answer.contentType.startsWith('text/plain')) return `a body of type '${answer.contentType}' instead of a page`;
    return machineWords.test(text) ? 'machine words in the page' : undefined;
  }
  if (!answer.contentType.startsWith('text/plain')) return `a body of type '${answer.contentType}' instead of plain text`;
  if (text === '') return 'an empty body';
  if (text.length > 300) return 'a body over 300 characters';
  if (/^[{[<]/.test(text)) return 'a structured body instead of a sentence';
  if (machineWords.test(text)) return 'machine words';
  if (!/^[A-Z0-9‘'"]/.test(text) || !/\s/.test(text)) return 'not a sentence';
  return undefined;
}

const spelledOut = (key: string) => key.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();

/** Whether a 400 names the field at one of `paths`, by the name forms and the spec give it or by its own key. */
function namesField(message: string, paths: readonly string[]): boolean {
  const lower = message.toLowerCase();
  return paths.some((path) => {
    const key = path.split('.').filter((segment) => !/^\d+$/.test(segment)).at(-1) ?? path;
    return [fieldLabels[key], key, spelledOut(key)].some((name) => name !== undefined && lower.includes(name.toLowerCase()));
  });
}

/** What is wrong with the answer to one fuzzed request; empty when nothing is. */
export function problemsWith(fuzzCase: FuzzCase, answer: Answer, answers: Answers, changedOnRefusal: boolean): string[] {
  const { statusCode } = answer;
  const problems: string[] = [];
  if (statusCode >= 500) problems.push(`answered ${statusCode}`);
  if (statusCode >= 400 && statusCode < 500) {
    const why = unreadable(answer, answers);
    if (why) problems.push(`a ${statusCode} that is not a human message (${why})`);
    if (changedOnRefusal) problems.push(`stored data on a ${statusCode}`);
  }
  const [field] = fuzzCase.fields ?? [];
  if (fuzzCase.refusesField && field !== undefined) {
    if (statusCode < 400) problems.push(`accepted a value its field '${field}' refuses`);
    else if (statusCode === 400 && !namesField(answer.body, fuzzCase.fields ?? [])) problems.push(`a 400 that does not name the field '${field}'`);
  }
  if (fuzzCase.refusesPath && statusCode < 400) problems.push('accepted a malformed or foreign id in the path');
  return problems;
}

/**
 * Tables a refused request may still write, and why: anything else a refusal changes is a bug.
 * A table added later is watched until it is named here.
 */
const writtenOnRefusal: Readonly<Record<string, string>> = {
  auth_codes: 'a sign-in code is spent by its first use, even a refused one',
  refresh_tokens: 'a replayed refresh token revokes its family on the 401',
  oidc_records: "oidc-provider's own sessions and interactions",
  server_keys: 'signing keys made on first use',
  rate_limits: 'refused calls count towards the limit',
  mailbox: 'the mail queue delivers in the background',
  mail_deliveries: 'the mail queue records delivery in the background',
  audit_chain_heads: 'moves with every audit event, refused sign-ins included',
  audit_verifications: 'the audit chain is verified in the background',
};

type WriteKind = 'insert' | 'update' | 'delete';

/**
 * Rows of watched tables written by design on a refusal or in the background, as a condition on the
 * row written: the audit trail logs refused sign-ins and check-ins, and the midnight check-out ends
 * yesterday's check-ins every minute.
 */
const writtenByDesign: Readonly<Record<string, Partial<Record<WriteKind, string>>>> = {
  audit_events: { insert: "new.action like 'auth.%' or new.action in ('checkIn.refused', 'checkIn.closedAtMidnight')" },
  check_ins: { update: "new.checkout_kind = 'automatic'" },
};

/**
 * Counts every row written to the tables a client's request may change, with triggers added to this
 * test's own database (a table added later is watched too). Answers a reader of the count.
 */
export async function watchWrites(app: FastifyInstance): Promise<() => Promise<number>> {
  await sql`create schema fuzz_watch`.execute(app.db);
  await sql`create table fuzz_watch.writes (n bigint not null)`.execute(app.db);
  await sql`insert into fuzz_watch.writes values (0)`.execute(app.db);
  await sql`create function fuzz_watch.count_write() returns trigger language plpgsql as $$
    begin update fuzz_watch.writes set n = n + 1; return null; end $$`.execute(app.db);
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(app.db);
  for (const { name } of rows) {
    if (Object.hasOwn(writtenOnRefusal, name)) continue;
    for (const kind of ['insert', 'update', 'delete'] as const) {
      const byDesign = writtenByDesign[name]?.[kind];
      const when = byDesign === undefined ? sql`` : sql`when (not coalesce(${sql.raw(byDesign)}, false))`;
      await sql`create trigger ${sql.raw(`fuzz_watch_${kind}`)} after ${sql.raw(kind)} on ${sql.table(name)} for each row ${when} execute function fuzz_watch.count_write()`.execute(app.db);
    }
  }
  return async () => Number((await sql<{ n: string }>`select n from fuzz_watch.writes`.execute(app.db)).rows[0]?.n ?? 0);
}

/** The text columns a client's request writes, with the longest text their field takes. */
const storedText: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  companies: {
    name: textLimits.line,
    abn: textLimits.abn,
    builders_reg_number: textLimits.line,
    phone: textLimits.phone,
    email: textLimits.email,
    address: textLimits.address,
    postal_address: textLimits.address,
  },
  users: {
    email: textLimits.email,
    first_name: textLimits.line,
    surname: textLimits.line,
    contact_email: textLimits.email,
    phone: textLimits.phone,
    emergency_contact_name: textLimits.line,
    emergency_contact_phone: textLimits.phone,
    trade_qualifications: textLimits.line,
    whitecard_number: textLimits.line,
  },
  invites: { email: textLimits.email },
  project_sites: { address: textLimits.address, suburb: textLimits.address, postcode: textLimits.line, site_number: textLimits.address, client_name: textLimits.address, other_ppe: textLimits.address },
  files: { friendly_name: textLimits.fileName },
  licences: { licence_class: textLimits.line, number: textLimits.line },
  swms: {
    task_description: textLimits.paragraph,
    mobile_plant_tools: textLimits.paragraph,
    risk_text: textLimits.paragraph,
    control_text: textLimits.paragraph,
    control_implementation: textLimits.paragraph,
    control_monitoring: textLimits.paragraph,
    control_review: textLimits.paragraph,
    other_ppe: textLimits.paragraph,
  },
};

/** Characters as a person counts them (an emoji is one). */
const characters = (text: string) => [...text].length;

/**
 * Every stored text the text rule forbids: U+0000, a lone surrogate (which reaches the database as
 * U+FFFD, a character the fuzzer never sends), text over its field's limit, or text not trimmed.
 */
export async function invalidStoredText(app: FastifyInstance): Promise<string[]> {
  const found: string[] = [];
  for (const [table, columns] of Object.entries(storedText)) {
    const names = Object.keys(columns);
    const { rows } = await sql<Record<string, string | null>>`select ${sql.join(names.map((name) => sql.ref(name)))} from ${sql.table(table)}`.execute(app.db);
    for (const row of rows) {
      for (const name of names) {
        const value = row[name];
        if (typeof value !== 'string') continue;
        const limit = columns[name] ?? 0;
        const where = `${table}.${name} = ${JSON.stringify(value.slice(0, 60))}${value.length > 60 ? '…' : ''}`;
        if (value.includes('\u0000')) found.push(`${where}: holds U+0000`);
        if (value.includes('\uFFFD')) found.push(`${where}: holds U+FFFD, a lone surrogate replaced`);
        if (characters(value) > limit) found.push(`${where}: ${characters(value)} characters, over ${limit}`);
        if (value !== value.trim()) found.push(`${where}: not trimmed`);
      }
    }
  }
  return found;
}
