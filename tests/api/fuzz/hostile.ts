import fc from 'fast-check';

/** A generated value with the name of what it tries, so the figures and failures say which kind broke. */
export interface Tried<T> {
  readonly kind: string;
  readonly value: T;
}

export const tried = <T>(kind: string, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Tried<T>> => arbitrary.map((value) => ({ kind, value }));

/**
 * JSON text placed as it is where a value would be: nesting and lists too deep or long for
 * JSON.stringify to build in reasonable time, and keys JSON.stringify cannot write (`__proto__`).
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold `RawJson` parts anywhere. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (!(inner instanceof RawJson)) return inner;
    raws.push(inner.text);
    return `\u0001raw${raws.length - 1}\u0001`;
  });
  return raws.length === 0 ? text : text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, index: string) => raws[Number(index)] ?? 'null');
}

// The stored-text check reads U+FFFD as a lone surrogate the database replaced: never send one.
const withoutReplacementCharacter = (text: string) => text.replaceAll('\uFFFD', '?');

const injections = [
  "'; DROP TABLE companies; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(5)--',
  '$$; DELETE FROM users; $$',
  "Robert'); DROP TABLE students;--",
  '\\x00\\\\\'"',
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  "javascript:alert('x')",
  '{{7*7}}${7*7}<%= 7*7 %>',
  '%s%s%s%n%x',
  '../../../../etc/passwd',
  'C:\\Windows\\System32',
  'line one\r\nSet-Cookie: session=stolen',
  '{"$gt": ""}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
];

const unicode = [
  '\u202Egnp.exe',
  'שלום עולם',
  'مرحبا بالعالم',
  'abc\u200F123\u200E',
  '\u2067isolated\u2069',
  '👷‍♀️🏗️',
  '🇦🇺 🏳️‍🌈',
  '👍🏽👍🏿',
  'Zoë Åsa Ngāti José’s',
  'e\u0301\u0301\u0301',
  'Z̴̡̛̖̤a̷̛̗l̸̰̈g̵̣̊o̶̟̐',
  '\u200B\u200C\u200D\uFEFF',
  '\u0001\u0007\u001b[31mred\u007f\u0085',
  '\uFFFE\uFFFF',
  '\u{10FFFF}\u{E0001}\u{1D400}',
  '漢字かなカナ한국어',
  '\u00A0\u2003\u3000',
];

const blanks = ['', ' ', '   ', '\t\n', '\u00A0', '\u2003\u3000', '\r\n'];

/** A line of ordinary text with a character inserted that PostgreSQL or UTF-8 cannot hold. */
const spoiled = (character: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ maxLength: 12 }), character, fc.string({ maxLength: 12 })).map(([before, inserted, after]) => `${before}a${inserted}b${after}`);

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));

/** One megabyte of text, in one-, two- and four-byte characters. */
const megabyteTexts = () => ['A'.repeat(1_000_000), 'é'.repeat(450_000), '😀'.repeat(240_000), 'x'.repeat(1_100_000)];
let megabytes: string[] | undefined;
const megabyteText = fc.integer({ min: 0, max: 3 }).map((index) => (megabytes ??= megabyteTexts())[index] ?? '');

/**
 * Text no field should store or choke on, for a field of at most `maxLength` characters: each kind
 * of trouble the issue names, and random text over all of Unicode.
 */
export function hostileText(maxLength: number, valid: fc.Arbitrary<string>): fc.Arbitrary<Tried<string>> {
  const kinds: [string, fc.Arbitrary<string>][] = [
    ['text.nul', spoiled(fc.constant('\u0000'))],
    ['text.lone-surrogate', spoiled(loneSurrogate)],
    ['text.over-limit', fc.tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom('a', 'é', '😀', ' ')).map(([extra, unit]) => `x${unit.repeat(maxLength + extra)}`)],
    ['text.at-limit', fc.constantFrom('a', 'é', '😀', '👍🏽').map((unit) => unit.repeat(Math.max(1, Math.floor(maxLength / [...unit].length))))],
    ['text.blank', fc.constantFrom(...blanks)],
    ['text.padded', valid.map((text) => `  \t${text}\n `)],
    ['text.unicode', fc.constantFrom(...unicode)],
    ['text.injection', fc.constantFrom(...injections)],
    ['text.random', fc.string({ unit: 'binary', maxLength: 40 }).map(withoutReplacementCharacter)],
    ['text.graphemes', fc.string({ unit: 'grapheme', maxLength: 20 }).map(withoutReplacementCharacter)],
  ];
  return fc.oneof(
    ...kinds.map(([kind, arbitrary]) => ({ weight: 3, arbitrary: tried(kind, arbitrary) })),
    // A megabyte costs a hundred ordinary requests: a few per route prove the limit.
    { weight: 1, arbitrary: tried('text.1mb', megabyteText) },
  );
}

const deepArray = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const hugeArray = (length: number, item: string) => new RawJson(`[${`${item},`.repeat(length - 1)}${item}]`);

/** Values of the wrong type for any field, and structures built to exhaust a parser or a validator. */
export const wrongTypes: fc.Arbitrary<Tried<unknown>> = fc.oneof(
  tried('type.number', fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, -1, 1e308, 2 ** 53 + 1, 1.5))),
  tried('type.boolean', fc.boolean()),
  tried('type.null', fc.constant(null)),
  tried('type.array', fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 })),
  tried('type.object', fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 })),
  tried('type.deep', fc.integer({ min: 50, max: 20_000 }).chain((depth) => fc.constantFrom(deepArray(depth), deepObject(depth)))),
  tried('type.huge-array', fc.constantFrom(hugeArray(10_000, '0'), hugeArray(100_000, '""'), hugeArray(20_000, '{}'), hugeArray(2_000, '"a"'))),
  tried('type.numeric-text', fc.constantFrom('1', '-1', '1e3', '0x10', ' 2 ', 'Infinity')),
);

/** Keys a body should not have: prototype keys, blank and odd names, random names. */
export const extraKeys = fc.oneof(
  fc.constantFrom('constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', 'a'.repeat(1000), '\u0000', '😀', '$where', 'isAdmin', 'role', 'companyId', '_id'),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** Body texts that are not JSON, or JSON no body of this API is. */
export function brokenJson(valid: string): fc.Arbitrary<Tried<string>> {
  return fc.oneof(
    tried('json.truncated', fc.integer({ min: 1, max: Math.max(1, valid.length - 1) }).map((length) => valid.slice(0, length))),
    tried(
      'json.malformed',
      fc.constantFrom('{', '}', '{"a":}', "{'a': 1}", '{"a": 1,}', '[1, 2', 'NaN', 'undefined', '{"a": undefined}', '\u0000', '{"a": "\\u00"}', '{"a": 01}', '// comment\n{}', 'nul'),
    ),
    tried('json.bom', fc.constant(`\uFEFF${valid}`)),
    tried('json.proto', fc.constantFrom('{"__proto__": {"isAdmin": true}}', '{"constructor": {"prototype": {"isAdmin": true}}}', `{"__proto__": null, ${valid.slice(1)}`)),
    tried('json.duplicate-keys', fc.constant(valid.length > 2 ? `${valid.slice(0, -1)}, ${valid.slice(1)}` : '{"a": 1, "a": 2}')),
    tried('json.random', fc.string({ unit: 'binary', maxLength: 60 }).map(withoutReplacementCharacter)),
  );
}

/** Whole bodies of the wrong shape: JSON, but not an object of fields. */
export const wrongRoots: fc.Arbitrary<Tried<unknown>> = fc.oneof(
  tried('root.scalar', fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 10 }))),
  tried('root.array', fc.array(fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }), { maxLength: 3 })),
  tried('root.empty-object', fc.constant({})),
  tried('root.deep', fc.integer({ min: 1_000, max: 100_000 }).chain((depth) => fc.constantFrom(deepArray(depth), deepObject(depth)))),
  tried('root.huge-array', fc.constantFrom(hugeArray(200_000, '1'), hugeArray(50_000, '{}'))),
);

/** Content types the API does not take, and odd spellings of the one it does. */
export const contentTypes = fc.constantFrom(
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json;;;',
  '*/*',
  'image/png',
  'application/x-www-form-urlencoded',
);

/** Values for a path parameter that names a record by id: malformed, unknown, far too long, badly encoded. */
export const badIds: fc.Arbitrary<Tried<string>> = fc.oneof(
  tried(
    'id.malformed',
    fc.constantFrom('0', '-1', '1', 'abc', 'null', 'undefined', 'NaN', '..', '.', '%20', '%2e%2e', '00000000-0000-0000-0000-00000000000g', '{00000000-0000-0000-0000-000000000000}', '000000000000000000000000000000000000', '1e9999', 'true'),
  ),
  tried('id.unknown', fc.uuid()),
  tried('id.nil', fc.constant('00000000-0000-0000-0000-000000000000')),
  tried('id.huge', fc.integer({ min: 101, max: 20_000 }).map((length) => '1'.repeat(length))),
  tried('id.encoded', fc.constantFrom('%00', '%2F', '%2F..%2F..', '%5C', '%E2%80%AE', '%F0%9F%98%80', '%C3%A9', '%0D%0A', '%27%20OR%201%3D1%20--', '%3Cscript%3E')),
  tried('id.bad-encoding', fc.constantFrom('%', '%%', '%ZZ', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF')),
  tried('id.random', fc.string({ minLength: 1, maxLength: 40 }).map((text) => encodeURIComponent(text))),
);

/** Percent-encodes text for a URL, lone surrogates included (as the bytes a careless encoder writes). */
export function percentEncode(text: string): string {
  // With the u flag the class matches a lone surrogate only: the split keeps each one at an odd index.
  return text
    .split(/([\uD800-\uDFFF])/u)
    .map((part, index) => {
      if (index % 2 === 0) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** Query strings that are themselves broken, whatever their keys. */
export const brokenQueries: fc.Arbitrary<Tried<string>> = fc.oneof(
  tried('query.bad-encoding', fc.constantFrom('search=%', 'search=%E0%A4%A', 'search=%ZZ', 'page=%00', 'search=%ED%A0%80', '%=%', 'search=%C0%AF')),
  tried('query.odd-syntax', fc.constantFrom('&&&', '=', '==a', '?', 'search', 'search[]=a', 'search[a]=b', 'a.b.c=1', '__proto__[isAdmin]=1', 'constructor[prototype]=1', ';;;')),
  tried('query.huge', fc.integer({ min: 10_000, max: 200_000 }).map((length) => `search=${'q'.repeat(length)}`)),
  tried('query.many-keys', fc.integer({ min: 100, max: 3000 }).map((count) => Array.from({ length: count }, (_, index) => `k${index}=${index}`).join('&'))),
  tried('query.random', fc.string({ unit: 'binary', maxLength: 40 }).map((text) => percentEncode(withoutReplacementCharacter(text)))),
);

/**
 * Request targets a router or URL parser may trip on: doubled slashes and backslashes (which a URL parser reads as
 * another host), dot segments, bad percent-encoding, and random runs of the characters that mean something in a URL.
 * Each is sent as it is over a socket (light-my-request parses a target before the server sees it).
 */
export const oddPaths: fc.Arbitrary<Tried<string>> = fc.oneof(
  tried('path.doubled-slash', fc.constantFrom('//', '///', '//?a=1', '//evil.example/x', '////clients', '//api/health', '//site/x/check-in?key=1')),
  tried('path.backslash', fc.constantFrom('/\\', '/\\\\', '/\\evil.example', '/\\/x', '/clients\\..\\api', '/api\\health')),
  tried('path.dot-segments', fc.constantFrom('/..', '/../..', '/./', '/%2e%2e/', '/assets/../index.html', '/assets/%2e%2e%2findex.html', '/site/../api/health')),
  tried('path.encoded', fc.constantFrom('/%2F%2F', '/%5C', '/%', '/%ZZ', '/%00', '/%C0%AF', '/%ED%A0%80', '/?%', '/?a=%', '/site/%2F%2F/check-in')),
  tried(
    'path.random',
    fc
      .array(fc.constantFrom('/', '\\', '.', '..', '%', '%2F', '%5C', '?', '#', ':', '@', ';', '&', '=', 'a', 'api', 'site', 'assets', '😀'), { minLength: 1, maxLength: 12 })
      .map((parts) => `/${parts.join('')}`.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character))),
  ),
);
