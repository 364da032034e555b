import { useEffect } from 'react';
import { onUnauthorised } from '../../api/client-unauthorised';
import { Session } from './session-context';

/** A 401 from any call means the token is no longer accepted: the session forgets it (machines/README.md). */
export function useSessionExpiry(): void {
  const { send } = Session.useActorRef();
  useEffect(() => onUnauthorised(() => send({ type: 'session.expired' })), [send]);
}
