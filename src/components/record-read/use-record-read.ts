import { useActor } from '@xstate/react';
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { loadProblemOf, type LoadProblem } from '../../../machines/load-problem';

/** A record named by ids in the address: loading, shown, or why not (issue 13 §2). */
export type RecordRead<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly record: T }
  | { readonly status: 'missing'; readonly problem: LoadProblem };

type Settled<T> = Exclude<RecordRead<T>, { status: 'loading' }>;

/**
 * The read as a promise actor that never rejects (an errored actor would throw during render in
 * @xstate/react): a failure settles as its problem, decided by `loadProblemOf` from the HTTP status.
 * A read that answers null counts as not allowed (spec §2: an empty SWMS is 'not authorised').
 */
export function recordRead<T, TInput>(read: (input: TInput, signal: AbortSignal) => Promise<T | null>): PromiseActorLogic<Settled<T>, TInput> {
  return fromPromise<Settled<T>, TInput>(async ({ input, signal }) => {
    try {
      const record = await read(input, signal);
      return record === null ? { status: 'missing', problem: 'notAllowed' } : { status: 'ready', record };
    } catch (error) {
      const problem = loadProblemOf(error);
      if (problem === 'failed') console.error(error);
      return { status: 'missing', problem };
    }
  });
}

/** Runs a `recordRead` once per visit; key the caller by the ids so another address reads again. */
export function useRecordRead<T, TInput>(logic: PromiseActorLogic<Settled<T>, TInput>, input: TInput): RecordRead<T> {
  const [snapshot] = useActor(logic, { input });
  return snapshot.status === 'done' ? snapshot.output : { status: 'loading' };
}
