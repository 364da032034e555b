import fc from 'fast-check';
import type { Fixtures } from './fixtures';
import {
  badIds,
  brokenJson,
  brokenQueries,
  contentTypes,
  extraKeys,
  hostileText,
  jsonText,
  percentEncode,
  RawJson,
  tried,
  wrongRoots,
  wrongTypes,
  type Tried,
} from './hostile';
import { idParams, type FuzzRoute } from './routes';
import { decodes, inputModel, removed, withField, type FieldModel, type InputModel } from './schema-model';

/** One request to send, with what it tried and what its answer must be. */
export interface FuzzCase {
  readonly kind: string;
  readonly method: string;
  readonly url: string;
  readonly payload?: string;
  readonly contentType?: string;
  /** The dotted path of the one field the case spoiled, then those of the fields inside it. */
  readonly fields?: readonly string[];
  /** That field no longer decodes on its own: the answer must be a 400 that names it or a field inside it. */
  readonly refusesField?: boolean;
  /** A path parameter naming a record was replaced: the answer must refuse the request. */
  readonly refusesPath?: boolean;
}

interface Request {
  readonly params: Readonly<Record<string, string>>;
  readonly query: string;
  readonly payload?: string;
  readonly contentType?: string;
}

const json = 'application/json';

/** A value as the server receives it: the JSON a `RawJson` part stands for, parsed. */
const received = (value: unknown): unknown => (value instanceof RawJson ? JSON.parse(value.text) : value);

/** Text as it arrives in a URL: a lone surrogate's bytes are not UTF-8, and decode to U+FFFD. */
const throughUrl = (text: string) => text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');

const isText = (field: FieldModel) => field.maxLength !== undefined;

/** Text a field is sent in place of its value: every kind of trouble, up to and over its limit. */
function spoiledText(field: FieldModel): fc.Arbitrary<Tried<string>> {
  return hostileText(field.maxLength ?? 200, isText(field) ? (field.valid as fc.Arbitrary<string>) : fc.constant('x'));
}

/** What a body field is sent in place of its value: text trouble, or a value of the wrong type. */
const spoiledValue = (field: FieldModel): fc.Arbitrary<Tried<unknown>> => fc.oneof({ weight: 3, arbitrary: spoiledText(field) }, { weight: 2, arbitrary: wrongTypes });

function queryText(query: Readonly<Record<string, unknown>>): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .flatMap(([key, value]) => [value].flat().map((item) => `${percentEncode(key)}=${percentEncode(String(item))}`))
    .join('&');
}

function urlOf(pattern: string, params: Readonly<Record<string, string>>, query: string): string {
  const path = pattern.replace(/:(\w+)|\*/g, (segment, name: string | undefined) => params[name ?? '*'] ?? segment);
  return query === '' ? path : `${path}?${query}`;
}

/** Whether `value` holds an object at `path`: a field inside an optional object left out is not spoiled on its own. */
function holds(value: unknown, path: readonly string[]): boolean {
  let inner = value;
  for (const key of path) inner = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>)[key] : undefined;
  return typeof inner === 'object' && inner !== null;
}

/** A field's path and those of the fields inside it: a refusal of an object names the field in it that failed. */
const withInner = (model: InputModel, field: FieldModel) =>
  model.fields.filter((inner) => field.path.every((segment, index) => inner.path[index] === segment)).map((inner) => inner.path.join('.'));

const pickOne = <T>(items: readonly T[]) => fc.nat({ max: items.length - 1 }).map((index) => items[index] as T);

/** Body cases: whole valid bodies, one field spoiled or left out, extra fields, and bodies of the wrong shape. */
function bodyCases(models: readonly InputModel[]): fc.Arbitrary<Tried<Omit<Request, 'params' | 'query'> & { fields?: readonly string[]; refusesField?: boolean }>> {
  const model = pickOne(models);
  const validBody = model.chain((chosen) => chosen.valid.map((body) => ({ chosen, body })));
  const bodyOf = (value: unknown) => ({ payload: jsonText(value), contentType: json });

  const spoiledField = validBody.chain(({ chosen, body }) =>
    pickOne(chosen.fields.filter((field) => holds(body, field.path.slice(0, -1)))).chain((field) =>
      spoiledValue(field).map(({ kind, value }) => ({
        kind: `field.${kind}`,
        value: { ...bodyOf(withField(body, field.path, value)), fields: withInner(chosen, field), refusesField: !decodes(field.schema, received(value)) },
      })),
    ),
  );
  // Without a field only some of a route's shapes have, a body is read as another shape: its refusal names that shape's field.
  const pathsOf = (chosen: InputModel) => new Set(chosen.fields.map((field) => field.path.join('.')));
  const shared = models.map(pathsOf).reduce((common, paths) => new Set([...common].filter((path) => paths.has(path))));
  const missingField = validBody.chain(({ chosen, body }) =>
    pickOne(chosen.fields.filter((field) => holds(body, field.path.slice(0, -1)))).map((field) => ({
      kind: 'field.missing',
      value: { ...bodyOf(withField(body, field.path, removed)), fields: [field.path.join('.')], refusesField: !field.optional && shared.has(field.path.join('.')) },
    })),
  );
  const extraFields = validBody.chain(({ body }) =>
    fc.dictionary(extraKeys, wrongTypes.map(({ value }) => value), { minKeys: 1, maxKeys: 3 }).map((extra) => ({ kind: 'body.extra-fields', value: bodyOf({ ...body, ...extra }) })),
  );
  const formBody = validBody.map(({ body }) => ({
    kind: 'content-type.form',
    value: { payload: queryText(Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)]))), contentType: 'application/x-www-form-urlencoded' },
  }));

  return fc.oneof(
    { weight: 12, arbitrary: tried('body.valid', validBody.map(({ body }) => bodyOf(body))) },
    { weight: 40, arbitrary: spoiledField },
    { weight: 8, arbitrary: missingField },
    { weight: 5, arbitrary: extraFields },
    { weight: 25, arbitrary: junkBodies(validBody.map(({ body }) => jsonText(body))) },
    { weight: 2, arbitrary: formBody },
  );
}

/** Bodies no route takes, built from a valid body's text where one exists. */
function junkBodies(validText: fc.Arbitrary<string>): fc.Arbitrary<Tried<{ payload?: string; contentType?: string }>> {
  return fc.oneof(
    { weight: 3, arbitrary: wrongRoots.map(({ kind, value }) => ({ kind, value: { payload: jsonText(value), contentType: json } })) },
    { weight: 3, arbitrary: validText.chain((text) => brokenJson(text)).map(({ kind, value }) => ({ kind, value: { payload: value, contentType: json } })) },
    { weight: 3, arbitrary: fc.tuple(validText, contentTypes).map(([payload, contentType]) => ({ kind: 'content-type.wrong', value: { payload, contentType } })) },
    { weight: 1, arbitrary: fc.constantFrom({ kind: 'body.empty', value: { payload: '', contentType: json } }, { kind: 'body.none', value: {} }, { kind: 'body.no-content-type', value: { payload: '{}' } }) },
  );
}

/** Query cases: valid queries, one parameter spoiled or sent twice, and query strings broken as a whole. */
function queryCases(model: InputModel | undefined): fc.Arbitrary<Tried<{ query: string; fields?: readonly string[]; refusesField?: boolean }>> {
  const broken = brokenQueries.map(({ kind, value }) => ({ kind, value: { query: value } }));
  if (!model) return broken;
  const spoiled = model.valid.chain((query) =>
    pickOne(model.fields).chain((field) =>
      fc.oneof(
        spoiledText(field).map(({ kind, value }) => ({
          kind: `query.${kind}`,
          value: { query: queryText(withField(query, field.path, value)), fields: [field.path.join('.')], refusesField: !decodes(field.schema, throughUrl(value)) },
        })),
        field.valid.map((value) => ({
          kind: 'query.repeated',
          value: { query: queryText(withField(query, field.path, [value, value])), fields: [field.path.join('.')], refusesField: true },
        })),
      ),
    ),
  );
  return fc.oneof(
    { weight: 2, arbitrary: tried('query.valid', model.valid.map((query) => ({ query: queryText(query) }))) },
    { weight: 6, arbitrary: spoiled },
    { weight: 2, arbitrary: broken },
  );
}

const paramNames = (pattern: string) => [...pattern.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');

/** Path cases: one parameter replaced by a malformed, unknown, oversized or badly encoded value. */
function pathCases(route: FuzzRoute, params: Readonly<Record<string, string>>): fc.Arbitrary<Tried<{ params: Record<string, string>; refusesPath: boolean }>> | undefined {
  const names = paramNames(route.url);
  if (names.length === 0) return undefined;
  return pickOne(names).chain((name) => {
    const values = idParams.has(name)
      ? badIds
      : fc.oneof(badIds, hostileText(200, fc.constant('x')).map(({ kind, value }) => ({ kind, value: percentEncode(value) })));
    return values.map(({ kind, value }) => ({ kind: `path.${kind}`, value: { params: { ...params, [name]: value }, refusesPath: idParams.has(name) } }));
  });
}

const takesBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Every request the route is fuzzed with, as one fast-check arbitrary. */
export function routeCases(route: FuzzRoute, fixtures: Fixtures, seed: number): fc.Arbitrary<FuzzCase> {
  const known = route.known?.(fixtures) ?? {};
  const bodies = route.body?.map((schema) => inputModel(schema, known, seed));
  const queryModel = route.query ? inputModel(route.query, known, seed) : undefined;
  const params = route.params?.(fixtures) ?? {};
  const methods = [route.method].flat();
  const baseQuery = queryModel ? queryModel.valid.map((query) => queryText(query)) : fc.constant('');

  const asCase = (method: string, request: Request, rest: Partial<FuzzCase> & { kind: string }): FuzzCase => ({
    method,
    url: urlOf(route.url, request.params, request.query),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    ...(request.contentType === undefined ? {} : { contentType: request.contentType }),
    ...rest,
  });

  const paths = pathCases(route, params);
  const pathArbitrary = paths && fc.tuple(pickOne(methods), paths).map(([method, { kind, value }]) => asCase(method, { params: value.params, query: '' }, { kind, refusesPath: value.refusesPath }));
  if (route.opensStream) {
    if (!pathArbitrary) throw new Error(`${route.url} opens a stream but has no path parameter to spoil`);
    return pathArbitrary;
  }

  const bodyMethods = methods.filter(takesBody);
  const bodyArbitrary = bodies
    ? fc.tuple(pickOne(bodyMethods), baseQuery, bodyCases(bodies)).map(([method, query, { kind, value }]) =>
        asCase(method, { params, query, ...value }, { kind, ...(value.fields === undefined ? {} : { fields: value.fields, refusesField: value.refusesField ?? false }) }),
      )
    : bodyMethods.length > 0
      ? fc.tuple(pickOne(bodyMethods), junkBodies(fc.constant('{}'))).map(([method, { kind, value }]) => asCase(method, { params, query: '', ...value }, { kind }))
      : undefined;
  const queryArbitrary = fc.tuple(pickOne(methods), queryCases(queryModel)).map(([method, { kind, value }]) =>
    asCase(method, { params, query: value.query, ...(takesBody(method) && bodies ? { payload: '{}', contentType: json } : {}) }, {
      kind,
      ...(value.fields === undefined ? {} : { fields: value.fields, refusesField: value.refusesField ?? false }),
    }),
  );

  const weighted = [
    bodyArbitrary && { weight: bodies ? 8 : 3, arbitrary: bodyArbitrary },
    { weight: queryModel ? 8 : 2, arbitrary: queryArbitrary },
    pathArbitrary && { weight: bodies || queryModel ? 1 : 4, arbitrary: pathArbitrary },
  ].filter((entry) => entry !== undefined);
  return fc.oneof(...weighted);
}
