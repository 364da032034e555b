import { useState } from 'react';
import type { Provider } from '../../domain/token';
import { Session } from '../../app/hooks';
import { Brand } from '../../ui/brand';
import { Button } from '../../ui/button';
import { AppleIcon, CheckIcon, GoogleIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page';
import { LoadingState } from '../../ui/status';
import { authText } from './strings';
import { useRedirectWhenSignedIn } from './use-redirect-when-signed-in';
import { useSignInCallback } from './use-sign-in-callback';
import './login.css';

export function LoginPage() {
  useSignInCallback();
  const signedIn = useRedirectWhenSignedIn();
  const { send } = Session.useActorRef();
  const [leavingFor, setLeavingFor] = useState<Provider | null>(null);

  if (signedIn) return <LoadingState fullScreen />;

  const signIn = (provider: Provider) => {
    setLeavingFor(provider);
    send({ type: 'session.signIn', provider });
  };

  return (
    <main className="login">
      <PageTitle>{authText.signInTitle}</PageTitle>
      <section className="login-hero" aria-label="SiteSafe Portal">
        <Brand className="login-brand" />
        <div className="login-hero-copy">
          <p className="login-hero-title">{authText.heroTitle}</p>
          <p className="login-hero-lead">{authText.heroLead}</p>
          <ul className="login-hero-points">
            {authText.heroPoints.map((point) => (
              <li key={point}>
                <CheckIcon width={18} height={18} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="login-hero-stripe" aria-hidden="true" />
      </section>
      <section className="login-panel">
        <div className="login-card">
          <h1 className="login-title">{authText.signInTitle}</h1>
          <p className="login-lead">{authText.signInLead}</p>
          <div className="login-actions">
            <Button variant="secondary" size="lg" disabled={leavingFor !== null} onClick={() => signIn('google')}>
              <GoogleIcon />
              {authText.continueWithGoogle}
            </Button>
            <Button variant="secondary" size="lg" disabled={leavingFor !== null} onClick={() => signIn('apple')}>
              <AppleIcon />
              {authText.continueWithApple}
            </Button>
          </div>
        </div>
      </section>
    </main>
  );
}
