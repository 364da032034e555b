import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database';

/** Stands in for one value while a statement is built, so its place among the parameters can be found. */
class StandIn {
  constructor(readonly path: readonly (string | number)[]) {}
}

type Leaf = string | number | null;
/** The values a statement binds: leaves, or arrays of leaves whose length the statement's shape decides. */
export type Bound = Readonly<Record<string, Leaf | readonly Leaf[]>>;

const standInsFor = <V extends Bound>(values: V): V =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map((_, index) => new StandIn([name, index])) : new StandIn([name]),
    ]),
  ) as unknown as V;

const valueAt = (values: Bound, path: readonly (string | number)[]): unknown => {
  const [name, index] = path;
  const value = values[name as string];
  return index === undefined ? value : (value as readonly Leaf[])[index as number];
};

/** How many shapes one statement keeps compiled at most; past it, it starts afresh. */
const maxShapes = 500;

/**
 * Issue 11: Kysely compiled a list's statement from its operation tree on every request, a tenth of a
 * SWMS search's time in the portal. The statement's text depends only on its shape (sort, filter,
 * paging direction, whether it searches), so it is built and compiled once per shape with stand-ins
 * for the values, and each call binds its own values in their places. `build` must pass each value to
 * the query as it is (never test or transform it): the shape decides everything else. The text is the
 * same on every database and transaction of the dialect.
 */
export function compiledOnce<Shape, Values extends Bound, Row>(
  keyOf: (shape: Shape) => string,
  build: (db: Db, shape: Shape, values: Values) => Compilable<Row>,
): (db: Db, shape: Shape, values: Values) => Promise<Row[]> {
  const compiled = new Map<string, { readonly sql: string; readonly bind: (values: Values) => unknown[] }>();
  return async (db, shape, values) => {
    const key = keyOf(shape);
    let statement = compiled.get(key);
    if (statement === undefined) {
      const query = build(db, shape, standInsFor(values)).compile();
      const places = query.parameters.map((parameter) => (parameter instanceof StandIn ? parameter.path : null));
      const constants = query.parameters;
      statement = { sql: query.sql, bind: (bound) => places.map((path, index) => (path === null ? constants[index] : valueAt(bound, path))) };
      if (compiled.size >= maxShapes) compiled.clear();
      compiled.set(key, statement);
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(statement.sql, statement.bind(values)) as CompiledQuery<Row>);
    return result.rows;
  };
}
