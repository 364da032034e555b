import { describe, expect, test } from 'vitest';
import { httpStatusOf, loadProblemOf } from '../../machines/load-problem';
import { ApiError } from '../../src/api/client';

describe('loadProblemOf: what a detail page says when its record cannot be read (issue 13 §2)', () => {
  test.for([
    ['a malformed id (400)', new ApiError('Expected a UUID', 400), 'notFound'],
    ['an unknown id (404)', new ApiError('This company does not exist', 404), 'notFound'],
    ["another company's record (403)", new ApiError('You are not authorised to view this SWMS', 403), 'notAllowed'],
    ['a server failure (500)', new ApiError('Internal Server Error', 500), 'failed'],
    ['a restarting database (503)', new ApiError('The database is restarting', 503), 'failed'],
    ['no answer at all', new TypeError('Failed to fetch'), 'failed'],
    ['not an error', 'boom', 'failed'],
  ] as const)('%s', ([, error, problem]) => {
    expect(loadProblemOf(error)).toBe(problem);
  });

  test('reads the status only from a number', () => {
    expect(httpStatusOf(new ApiError('Gone', 410))).toBe(410);
    expect(httpStatusOf(Object.assign(new Error('odd'), { status: '404' }))).toBeNull();
    expect(httpStatusOf(null)).toBeNull();
  });
});
