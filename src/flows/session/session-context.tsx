import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine';
import { sessionImplementations } from './session-implementations';

const sessionLogic = sessionMachine.provide(sessionImplementations);

type SessionActor = Actor<typeof sessionLogic>;
type SessionSnapshot = SnapshotFrom<typeof sessionLogic>;

let running: SessionActor | undefined;

/**
 * Starts the app's one session actor, once. main.tsx calls it before React's first render, so the stored session
 * (browser storage, read in the `initialising` state's promise) is known by the time the first screen renders: a
 * signed-out visitor's first paint is the login page itself. Started in the Provider's effect instead (as
 * `createActorContext` does), the first paint would be a full-screen spinner and the login page would come in a
 * second render, a few hundred milliseconds later on issue 11's throttled phone profile, and its Largest Contentful
 * Paint with it.
 */
export function startSession(): SessionActor {
  running ??= createActor(sessionLogic).start();
  return running;
}

const SessionContext = createContext<SessionActor | null>(null);

function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('Session hooks are used inside <Session.Provider>');
  return actor;
}

/** The one session actor of the app: `Session.Provider` at the root, `Session.useSelector` in views. */
export const Session = {
  Provider({ children }: { readonly children: ReactNode }) {
    return <SessionContext.Provider value={startSession()}>{children}</SessionContext.Provider>;
  },
  useActorRef: useSessionActor,
  useSelector<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
    return useSelector(useSessionActor(), selector, compare);
  },
};
