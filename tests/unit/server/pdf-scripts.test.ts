import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evacuationListPdf } from '../../../server/pdf/evacuation-list';
import { sitePosterPdf } from '../../../server/pdf/site-poster';
import { swmsBundlePdf, swmsPdf } from '../../../server/pdf/swms-pdf';
import { writeText } from '../../../server/pdf/text';
import { companyName, longUrl, longWord, sampleEvacuation, samplePoster, sampleRecord, sampleSignOns, scriptNames, submitter } from './pdf-samples';

const run = promisify(execFile);
let workDir: string;
let count = 0;

beforeAll(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-pdf-scripts-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function saved(bytes: Buffer): Promise<string> {
  count += 1;
  const file = path.join(workDir, `${count}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/**
 * The text as pdftotext reads it, less the embedding marks it puts around a right-to-left run
 * (U+202A-U+202E, U+200E, U+200F): it reads Hebrew and Arabic back in logical order.
 */
async function extracted(bytes: Buffer): Promise<string> {
  const file = await saved(bytes);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.replace(/[\u202A-\u202E\u200E\u200F]/g, '').normalize('NFC');
}

/** A document of one line of text, as the records write theirs. */
async function oneLine(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  writeText(doc, text, { size: 12 });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const squashed = (text: string) => text.replace(/\s+/g, '');
const devanagari = (text: string) => [...text].filter((character) => /\p{Script=Devanagari}/u.test(character)).sort().join('');
const everyName = Object.entries(scriptNames);
/** pdftotext gives Devanagari in glyph order (the i-matra before its consonant), so only the letters are compared. */
const inOrder = everyName.filter(([script]) => script !== 'devanagari');

interface WordBox {
  readonly text: string;
  readonly xMin: number;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
  readonly pageWidth: number;
  readonly pageHeight: number;
}

/** Every word's box as pdftotext -bbox measures it, with its page's size. */
async function wordBoxes(bytes: Buffer): Promise<WordBox[]> {
  const file = await saved(bytes);
  const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  const boxes: WordBox[] = [];
  for (const page of stdout.split('<page ').slice(1)) {
    const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page);
    for (const word of page.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)) {
      boxes.push({
        text: word[5] ?? '',
        xMin: Number(word[1]),
        yMin: Number(word[2]),
        xMax: Number(word[3]),
        yMax: Number(word[4]),
        pageWidth: Number(size?.[1]),
        pageHeight: Number(size?.[2]),
      });
    }
  }
  return boxes;
}

/** Boxes that reach past the side margins (48 points; the poster's instructions take 30) or off the page, half a point allowed for rounding. */
const outside = (boxes: readonly WordBox[], margin = 48) =>
  boxes.filter((box) => box.xMin < margin - 0.5 || box.xMax > box.pageWidth - margin + 0.5 || box.yMin < 0 || box.yMax > box.pageHeight);

async function fonts(bytes: Buffer): Promise<string[]> {
  const { stdout } = await run('pdffonts', [await saved(bytes)]);
  return stdout.split('\n').slice(2).filter((line) => line.trim());
}

describe('the SWMS record', () => {
  it('prints the submitter the issue names, and a name in each script, so that pdftotext reads them back', async () => {
    const text = await extracted(await swmsPdf(sampleRecord()));
    expect(squashed(text)).toContain(squashed(`${submitter.firstName} ${submitter.surname}`));
    for (const [script, name] of inOrder) expect(text.split('\n'), script).toContain(name);
    // Once in the task, once on the sign-on sheet.
    expect(devanagari(text)).toBe(devanagari(scriptNames.devanagari).repeat(2).split('').sort().join(''));
    expect(text).not.toMatch(/[\u00D5\u00D8]/);
  });

  it('sets Hebrew and Arabic right to left: the words come back in reading order, not swapped', async () => {
    const text = await extracted(await swmsPdf(sampleRecord()));
    expect(text).toContain(`${scriptNames.hebrew} ${scriptNames.arabic}`);
  });

  it('embeds only subsets of the Noto fonts, never the WinAnsi Helvetica', async () => {
    const lines = await fonts(await swmsPdf(sampleRecord()));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).toMatch(/^[A-Z]{6}\+Noto\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('wraps a 300-letter word and a long address inside the margins, on every page of an export', async () => {
    const one = await wordBoxes(await swmsPdf(sampleRecord()));
    expect(outside(one)).toEqual([]);
    expect(one.filter((box) => /^a{2,}$/.test(box.text)).map((box) => box.text).join('')).toBe(longWord);
    expect(one.filter((box) => box.text.startsWith('https://') || box.text.includes('path-segment') || /^x+$/.test(box.text)).map((box) => box.text).join('')).toBe(longUrl);
    const bundle = await wordBoxes(await swmsBundlePdf(companyName, [sampleRecord(), sampleRecord()], 'Australia/Sydney'));
    expect(outside(bundle)).toEqual([]);
  });

  it('keeps the text of every period once an earlier document drew an ellipsis (its glyph is made of periods)', async () => {
    expect(await extracted(await oneLine('Wait for it…'))).toContain('Wait for it…');
    expect(await extracted(await oneLine('Excavation deeper than 1.5 m'))).toContain('Excavation deeper than 1.5 m');
  });

  it('ends with the sign-on sheet (issue 57 §3): each worker in their script, the revision, the site time with its zone, and the signature', async () => {
    const bytes = await swmsPdf(sampleRecord());
    const text = await extracted(bytes);
    const sheet = text.slice(text.lastIndexOf('SIGN-ON SHEET'));
    expect(sheet).not.toBe(text.slice(-1));
    for (const [script, name] of inOrder) expect(sheet.split('\n').filter((line) => line.includes(name)).length, script).toBeGreaterThan(0);
    expect(devanagari(sheet).length).toBeGreaterThan(0);
    // 19:40 UTC on 1 December is 06:40 the next morning in Sydney, summer time.
    expect(sheet).toContain('Revision 1 · Wednesday, 2nd December 2026, 06:40 AEDT');
    expect(sheet).toContain('Author');
    expect(sheet).toContain('Typed name');
    const drawn = sampleSignOns().filter((line) => line.signature.kind === 'drawn').length;
    const { stdout } = await run('pdfimages', ['-list', await saved(bytes)]);
    expect(stdout.split('\n').filter((line) => line.trim().split(/\s+/)[2] === 'image').length).toBe(drawn);
    expect(outside(await wordBoxes(bytes))).toEqual([]);

    const hidden = await extracted(await swmsPdf({ ...sampleRecord(), signOns: null }));
    expect(hidden).toContain('Who signed on is shown to the company’s admins and auditors and to the supervisor of this site.');
    expect(hidden).not.toContain('Typed name');
    const none = await extracted(await swmsPdf({ ...sampleRecord(), signOns: [] }));
    expect(none).toContain('No sign-ons yet.');
  });

  it('prints what no font draws as a visible U+FFFD, never as another character', async () => {
    const record = sampleRecord();
    const text = await extracted(await swmsPdf({ ...record, swms: { ...record.swms, task: { ...record.swms.task, taskDescription: 'Linear B 𐀀 here' } } }));
    expect(text).toContain('Linear B \uFFFD here');
  });
});

describe('the evacuation list', () => {
  it('prints every name, company and emergency contact in its script, inside the margins', async () => {
    const bytes = await evacuationListPdf(sampleEvacuation());
    const text = squashed(await extracted(bytes));
    // pdftotext moves a neutral '·' next to a right-to-left word across it, so the company is read word by word.
    for (const word of companyName.split(' ')) expect(text).toContain(word);
    for (const [script, name] of inOrder) expect(text, script).toContain(squashed(name));
    expect(devanagari(text)).toBe(devanagari(scriptNames.devanagari).repeat(2).split('').sort().join(''));
    expect(outside(await wordBoxes(bytes))).toEqual([]);
  });
});

describe('the site poster', () => {
  it('prints a company name in each script, inside the margins', async () => {
    for (const [script, name] of everyName) {
      const bytes = await sitePosterPdf({ ...samplePoster(), companyName: name });
      const text = await extracted(bytes);
      if (script === 'devanagari') expect(devanagari(text)).toBe(devanagari(name));
      else expect(text.split('\n'), script).toContain(name);
      expect(outside(await wordBoxes(bytes), 30), script).toEqual([]);
    }
  });

  it('keeps a 300-letter company name on its one line, cut with an ellipsis inside the margins', async () => {
    const bytes = await sitePosterPdf({ ...samplePoster(), companyName: longWord });
    expect(outside(await wordBoxes(bytes), 30)).toEqual([]);
    expect(await extracted(bytes)).toMatch(/\na{20,}…\n/);
  });
});
