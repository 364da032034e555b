import { describe, expect, test, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ApiError } from '../../../src/api/client';
import { recordRead } from '../../../src/components/record-read/use-record-read';

const settle = <T>(read: (input: { id: string }) => Promise<T | null>) => toPromise(createActor(recordRead<T, { id: string }>(read), { input: { id: 'x' } }).start());

describe('recordRead: a detail read that never rejects', () => {
  test('a record is ready', async () => {
    expect(await settle(async () => ({ name: 'Site' }))).toEqual({ status: 'ready', record: { name: 'Site' } });
  });

  test('no data reads as not allowed (spec §2: an empty SWMS is not authorised)', async () => {
    expect(await settle(async () => null)).toEqual({ status: 'missing', problem: 'notAllowed' });
  });

  test.for([
    [new ApiError('This project site does not exist', 404), 'notFound'],
    [new ApiError('Expected a UUID', 400), 'notFound'],
    [new ApiError('You are not authorised to view this page', 403), 'notAllowed'],
  ] as const)('a refusal is its problem, quietly: %s', async ([error, problem]) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await settle(() => Promise.reject(error))).toEqual({ status: 'missing', problem });
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  test('a failure is kept for a retry, and logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new ApiError('Internal Server Error', 500);
    expect(await settle(() => Promise.reject(failure))).toEqual({ status: 'missing', problem: 'failed' });
    expect(log).toHaveBeenCalledWith(failure);
    log.mockRestore();
  });
});
