import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { LiveEvent } from '../../server/live/bus';
import { findOrCreateUserByEmail } from '../../server/users/repository';

const run = promisify(execFile);

export async function siteKey(app: FastifyInstance, siteId: string): Promise<string> {
  return (await app.db.selectFrom('project_sites').select('site_key').where('id', '=', siteId).executeTakeFirstOrThrow()).site_key;
}

export async function siteByNumber(app: FastifyInstance, siteNumber: string) {
  return app.db.selectFrom('project_sites').selectAll().where('site_number', '=', siteNumber).executeTakeFirstOrThrow();
}

export interface TradesProfileSeed {
  readonly firstName?: string;
  readonly surname?: string;
  readonly phone?: string;
  readonly whitecardNumber?: string;
  readonly trade?: string;
  readonly licences?: readonly { readonly licenceClass: string; readonly number: string; readonly expiresOn: string }[];
}

/**
 * A tradesperson with a profile written straight into the tables (the profile form's PUT is another
 * part of issue 10), and their token.
 */
export async function tradesPerson(app: FastifyInstance, email: string, profile: TradesProfileSeed = {}) {
  const user = await findOrCreateUserByEmail(app.db, email);
  await app.db
    .updateTable('users')
    .set({
      first_name: profile.firstName ?? 'Sam',
      surname: profile.surname ?? 'Nguyen',
      phone: profile.phone ?? '0412345678',
      emergency_contact_name: 'Alex Nguyen',
      emergency_contact_phone: '0498765432',
      trade_qualifications: profile.trade ?? 'Electrician',
      whitecard_number: profile.whitecardNumber ?? 'CGI1234567',
    })
    .where('id', '=', user.id)
    .execute();
  await app.db
    .insertInto('user_roles')
    .values({ id: randomUUID(), user_id: user.id, company_id: null, role: 'TradesPerson', status: 'active', accepted_at: new Date() })
    .execute();
  for (const [position, licence] of (profile.licences ?? []).entries()) {
    await app.db
      .insertInto('licences')
      .values({ id: randomUUID(), user_id: user.id, position, licence_class: licence.licenceClass, number: licence.number, expires_on: licence.expiresOn })
      .execute();
  }
  const token = await app.auth.tokenForEmail(email);
  return { token, userId: String(decodeJwt(token).sub) };
}

/** Collects what the live bus tells a company's open screens (through PostgreSQL it arrives a moment later: poll). */
export function listenLive(app: FastifyInstance, companyId: string) {
  const heard: LiveEvent[] = [];
  const stop = app.live.subscribe(companyId, (event) => heard.push(event));
  return { heard, stop, count: (topic: LiveEvent['topic']) => heard.filter((event) => event.topic === topic).length };
}

/** The PDF's text as pdftotext reads it (poppler-utils). */
export async function pdfText(workDir: string, bytes: Buffer, name: string): Promise<string> {
  const file = path.join(workDir, `${name}.pdf`);
  writeFileSync(file, bytes);
  await run('pdftotext', ['-layout', file, `${file}.txt`]);
  return readFileSync(`${file}.txt`, 'utf8');
}

/** The first page rendered at 72 dpi (one pixel per point) in grey levels, as pdftoppm draws it. */
export async function renderFirstPage(workDir: string, bytes: Buffer, name: string) {
  const file = path.join(workDir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const output = path.join(workDir, name);
  await run('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, output]);
  const image = readFileSync(`${output}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a binary PGM');
  const [text, width, height] = [header[0], Number(header[1]), Number(header[2])];
  const pixels = image.subarray(text.length);
  return { width, height, grey: (x: number, y: number) => pixels[Math.floor(y) * width + Math.floor(x)] ?? 255 };
}
