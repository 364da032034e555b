import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Session } from '../../flows/session/session-context';
import { returnToParam } from '../../domain/login-page';

const callbackParams = ['code', 'invitationCode', 'signInError', returnToParam] as const;

/**
 * Hands the identity provider's `?code=` and an invitation's `?invitationCode=` to the session, then cleans the URL
 * (the page a sign-in came back with, `returnToParam`, is read by useRedirectWhenSignedIn).
 */
export function useSignInCallback(): void {
  const { send } = Session.useActorRef();
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    if (!callbackParams.some((name) => params.has(name))) return;
    const inviteCode = params.get('invitationCode');
    const code = params.get('code');
    if (inviteCode) send({ type: 'session.inviteCodeReceived', inviteCode });
    if (code) send({ type: 'session.codeReceived', code });
    if (params.has('signInError')) send({ type: 'session.signInFailed' });
    const cleaned = new URLSearchParams(params);
    for (const name of callbackParams) cleaned.delete(name);
    setParams(cleaned, { replace: true });
  }, [params, send, setParams]);
}
