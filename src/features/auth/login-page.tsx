import { useState } from 'react';
import * as session from '../../../machines/session.selectors';
import type { Provider } from '../../domain/token';
import { Session } from '../../flows/session/session-context';
import { LoadingState } from '../../ui/status';
import { LoginView } from './login-view';
import { useRedirectWhenSignedIn } from './use-redirect-when-signed-in';
import { useSignInCallback } from './use-sign-in-callback';

export function LoginPage() {
  useSignInCallback();
  const signedIn = useRedirectWhenSignedIn();
  const { send } = Session.useActorRef();
  const signInFailure = Session.useSelector(session.signInFailure);
  const [leavingFor, setLeavingFor] = useState<Provider | null>(null);

  if (signedIn) return <LoadingState fullScreen />;

  const signIn = (provider: Provider) => {
    setLeavingFor(provider);
    send({ type: 'session.signIn', provider });
  };

  return <LoginView onSignIn={signIn} leavingFor={leavingFor} signInFailure={signInFailure} />;
}
