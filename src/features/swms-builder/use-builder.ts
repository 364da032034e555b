import { useSelector } from '@xstate/react';
import type { SwmsBuilderSnapshot } from '../../../machines/swms-builder.selectors';
import type { SwmsBuilderEvent } from '../../../machines/swms-builder.machine';
import type { DraftPatch } from '../../domain/swms-draft';
import { useBuilderActor } from './use-swms-builder';

/** A step view reads the builder through selectors… */
export function useBuilder<T>(selector: (snapshot: SwmsBuilderSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useBuilderActor(), selector, compare);
}

/** …and sends it events. */
export function useBuilderSend(): (event: SwmsBuilderEvent) => void {
  return useBuilderActor().send;
}

/** One edit of the draft. */
export function useDraftChange(): (patch: DraftPatch) => void {
  const send = useBuilderSend();
  return (patch) => send({ type: 'draft.change', patch });
}
