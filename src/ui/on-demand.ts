import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { whenIdle } from './when-idle';

/**
 * Issue 11: code a control needs only once it is used (Radix's menu or select, with its positioning)
 * is kept out of the screen. `onDemand(load)` remembers the module once it has arrived; a failed load
 * (offline, or a deploy removed the chunk) is forgotten so the next press tries again.
 */
export function onDemand<T>(load: () => Promise<T>): { readonly loaded: () => T | undefined; readonly load: () => Promise<T> } {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    loaded: () => loaded,
    load: () => {
      loading ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

export interface OnDemandControl<T> {
  /** The module once it has arrived. */
  readonly module: T | undefined;
  /** The plain stand-in's element, whose focus passes to the real control as it arrives. */
  readonly placeholder: RefObject<HTMLButtonElement | null>;
  /** A press made before the module arrived: the real control opens as it arrives. */
  readonly openAtStart: boolean;
  readonly focusAtStart: boolean;
  /** Start loading (on focus). */
  readonly load: () => void;
  /** A press on the stand-in: load, and open once loaded. */
  readonly press: () => void;
}

/**
 * A control shown at once as a plain stand-in, its real code loaded when the browser is idle after the
 * screen shows, or at the first press or focus, whichever comes first.
 */
export function useOnDemandControl<T>(source: ReturnType<typeof onDemand<T>>): OnDemandControl<T> {
  const [module, setModule] = useState(source.loaded);
  const [openAtStart, setOpenAtStart] = useState(false);
  const [focusAtStart, setFocusAtStart] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const load = useCallback(() => {
    source.load().then(
      (arrived) => {
        setFocusAtStart(placeholder.current !== null && document.activeElement === placeholder.current);
        setModule(() => arrived);
      },
      () => undefined,
    );
  }, [source]);
  useEffect(() => (module ? undefined : whenIdle(load)), [module, load]);
  const press = useCallback(() => {
    setOpenAtStart(true);
    load();
  }, [load]);
  return { module, placeholder, openAtStart, focusAtStart, load, press };
}
