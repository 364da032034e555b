import type { SignInFailure } from '../../../machines/session.machine';
import { ProviderSignIn } from '../../components/sign-in/provider-sign-in';
import type { Provider } from '../../domain/token';
import { Brand } from '../../ui/brand';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page';
import { authText } from './strings';
import './login.css';

export interface LoginViewProps {
  /** The app's sign-in; without it (the page the build draws in, login-page-markup.tsx) the buttons submit a plain form. */
  readonly onSignIn?: (provider: Provider) => void;
  /** The provider the visitor is on the way to: both buttons wait. */
  readonly leavingFor?: Provider | null;
  /** Why the last sign-in failed (machines/session.machine.ts): a line says so above the buttons. */
  readonly signInFailure?: SignInFailure | null;
}

/**
 * The login page as it looks: drawn by the app, and drawn at build time into the page the portal
 * sends a signed-out visitor (issue 11), where the same buttons submit a form to the sign-in's start.
 */
export function LoginView({ onSignIn, leavingFor = null, signInFailure = null }: LoginViewProps) {
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
          {signInFailure ? (
            <p className="login-failed" role="alert">
              <AlertIcon width={18} height={18} aria-hidden="true" />
              {authText.signInFailed[signInFailure]}
            </p>
          ) : null}
          <ProviderSignIn className="login-actions" {...(onSignIn ? { onSignIn, disabled: leavingFor !== null } : {})} />
        </div>
      </section>
    </main>
  );
}
