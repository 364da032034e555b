import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/db/connection-errors';

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
