import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as session from '../../../machines/session.selectors';
import { decideRedirect } from '../../../machines/sign-in-redirect.machine';
import { clearReturnTo, readReturnToAfterSignIn } from '../../flows/session/return-to';
import { Session } from '../../flows/session/session-context';

/** Once signed in, leaves the login screen for the place `decideRedirect` picks; the remembered deep link is used once. */
export function useRedirectWhenSignedIn(): boolean {
  const payload = Session.useSelector(session.payload);
  const inviteCode = Session.useSelector(session.inviteCode);
  const [params] = useSearchParams();
  const [returnTo] = useState(() => readReturnToAfterSignIn(params));
  const navigate = useNavigate();

  useEffect(() => {
    if (!payload) return;
    const target = decideRedirect({ payload, inviteCode, returnTo });
    clearReturnTo();
    navigate(target, { replace: true });
  }, [payload, inviteCode, returnTo, navigate]);

  return payload !== null;
}
