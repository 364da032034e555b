import { useEffect } from 'react';
import { onUnauthorised } from '../../api/client-unauthorised';
import { Session } from '../../flows/session/session-context';

/** A 401 from any call means the token is no longer accepted (machines/README.md); the 'online' event renews a kept one. */
export function useSessionExpiry(): void {
  const { send } = Session.useActorRef();
  useEffect(() => onUnauthorised((token) => send({ type: 'session.expired', token })), [send]);
  // Issue 55 §4: a token left unrenewed for want of a signal is renewed when the signal returns.
  useEffect(() => {
    const online = () => send({ type: 'session.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [send]);
}
