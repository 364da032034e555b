import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStatementCancelled } from '../../../server/db/connection-errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or refused connection, a shutting-down server and a pool that timed out', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('wrapped', { cause: withCode('ECONNRESET') }),
      new AggregateError([withCode('ECONNREFUSED')], 'all attempts failed'),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves errors the database answered with, and anything else, to the usual handling', () => {
    for (const error of [withCode('23505', 'duplicate key'), withCode('22P02', 'invalid input syntax'), new Error('boom'), 'text', null, undefined]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe('isStatementCancelled', () => {
  it('recognises a statement the server cancelled, wrapped or not', () => {
    for (const error of [
      withCode('57014', 'canceling statement due to statement timeout'),
      new Error('wrapped', { cause: withCode('57014') }),
      new AggregateError([withCode('57014')], 'gathered'),
    ]) {
      expect(isStatementCancelled(error), String(error)).toBe(true);
    }
  });

  it('leaves a lost connection and the database’s other refusals to their own handling', () => {
    for (const error of [withCode('57P01'), withCode('23505', 'duplicate key'), new Error('57014'), 'text', null, undefined]) {
      expect(isStatementCancelled(error), String(error)).toBe(false);
    }
  });
});
