import { Arbitrary, Effect, Result, Schema, SchemaAST } from 'effect';
import fc from 'fast-check';

/** A field of a route's Schema: where it sits, the Schema it is decoded with, and values it accepts. */
export interface FieldModel {
  readonly path: readonly string[];
  readonly schema: Schema.Top;
  readonly optional: boolean;
  /** The most characters a text field takes; undefined for a field that is not text. */
  readonly maxLength: number | undefined;
  readonly valid: fc.Arbitrary<unknown>;
}

/** A body or query string as a route's Schema describes it, with encoded values that decode. */
export interface InputModel {
  readonly schema: Schema.Top;
  readonly valid: fc.Arbitrary<Record<string, unknown>>;
  readonly fields: readonly FieldModel[];
}

/** Valid values for fields effect cannot derive (a checksum, a fixture's id), by dotted path. */
export type KnownValues = Readonly<Record<string, fc.Arbitrary<unknown>>>;

type Struct = Schema.Top & { readonly fields: Readonly<Record<string, Schema.Top>> };

const isStruct = (schema: Schema.Top): schema is Struct => 'fields' in schema && SchemaAST.isObjects(schema.ast);

/** The Struct an optional field holds (`optional`, `optionalKey`), read field by field like any other. */
function structOf(schema: Schema.Top): Struct | undefined {
  if (isStruct(schema)) return schema;
  const { schema: inner, members } = schema as { schema?: Schema.Top; members?: readonly Schema.Top[] };
  if (inner) return structOf(inner);
  if (members?.every((member) => isStruct(member) || SchemaAST.isUndefined(member.ast))) return members.find(isStruct);
  return undefined;
}

export function decodes(schema: Schema.Top, value: unknown): boolean {
  return Result.isSuccess(Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(value));
}

/** The longest text a String field's checks allow, as its `arbitraryConstraint` states it. */
function maxLengthOf(schema: Schema.Top): number | undefined {
  if (!SchemaAST.isString(schema.ast)) return undefined;
  let limit: number | undefined;
  const visit = (check: SchemaAST.Check<unknown>) => {
    const constraint = check.annotations?.arbitraryConstraint as { maxLength?: unknown } | undefined;
    if (typeof constraint?.maxLength === 'number') limit = Math.min(limit ?? Infinity, constraint.maxLength);
    if (check._tag === 'FilterGroup') check.checks.forEach(visit);
  };
  schema.ast.checks?.forEach(visit);
  return limit;
}

const poolSize = 48;

/**
 * Values effect's Schema Arbitrary derives from the field's decoded type, encoded as a client sends
 * them, keeping only those that decode again (a blank required text derives but does not decode).
 */
function derivedValues(schema: Schema.Top, seed: number): unknown[] {
  const codec = schema as Schema.Codec<unknown, unknown>;
  let samples: readonly unknown[];
  try {
    samples = Effect.runSync(Arbitrary.sampleEffect(Arbitrary.schema(codec), { count: poolSize, seed }));
  } catch {
    return [];
  }
  const encode = Schema.encodeUnknownResult(codec);
  return samples.flatMap((sample) => {
    const encoded = encode(sample);
    return Result.isSuccess(encoded) && decodes(schema, encoded.success) ? [encoded.success] : [];
  });
}

/**
 * The model of a Struct Schema: its fields (nested Structs field by field) and an arbitrary of whole
 * valid inputs. A field effect cannot derive values for must be given in `known`, or this throws.
 */
export function inputModel(schema: Schema.Top, known: KnownValues, seed: number): InputModel {
  if (!isStruct(schema)) throw new Error('The fuzz model reads Struct Schemas only');
  const fields: FieldModel[] = [];

  const structArbitrary = (struct: Struct, prefix: readonly string[]): fc.Arbitrary<Record<string, unknown>> => {
    const parts: Record<string, fc.Arbitrary<unknown>> = {};
    const required: string[] = [];
    for (const [key, field] of Object.entries(struct.fields)) {
      const path = [...prefix, key];
      const name = path.join('.');
      const optional = SchemaAST.isOptional(field.ast);
      const given = known[name];
      const inner = structOf(field);
      let valid: fc.Arbitrary<unknown>;
      if (given) valid = given;
      else if (inner) valid = structArbitrary(inner, path);
      else {
        const values = derivedValues(field, seed);
        if (values.length === 0) throw new Error(`effect derives no valid value for '${name}': give one in the route's known values`);
        valid = fc.constantFrom(...values);
      }
      fields.push({ path, schema: field, optional, maxLength: maxLengthOf(field), valid });
      parts[key] = valid;
      if (!optional) required.push(key);
    }
    return fc.record(parts, { requiredKeys: required as never[] }) as fc.Arbitrary<Record<string, unknown>>;
  };

  const whole = structArbitrary(schema, []);
  return { schema, valid: whole.filter((value) => decodes(schema, value)), fields };
}

/** A copy of `value` with the field at `path` set to `replacement`, or removed when it is `removed`. */
export const removed = Symbol('removed');

export function withField(value: Record<string, unknown>, path: readonly string[], replacement: unknown): Record<string, unknown> {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const copy: Record<string, unknown> = { ...value };
  if (rest.length > 0) {
    const inner = copy[key];
    copy[key] = withField(typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {}, rest, replacement);
  } else if (replacement === removed) {
    delete copy[key];
  } else {
    copy[key] = replacement;
  }
  return copy;
}
