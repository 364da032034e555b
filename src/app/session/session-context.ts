import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../../machines/session.machine';
import { sessionImplementations } from './session-implementations';

export const sessionLogic = sessionMachine.provide(sessionImplementations);

/** The one session actor of the app: `Session.Provider` at the root, `Session.useSelector` in views. */
export const Session = createActorContext(sessionLogic);
