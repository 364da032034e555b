import { returnToParam, signInPath } from '../../domain/login-page';
import type { Provider } from '../../domain/token';
import { Button } from '../../ui/button';
import { AppleIcon, GoogleIcon } from '../../ui/icons';

const providerButtons = [
  { provider: 'google', label: 'Continue with Google', Icon: GoogleIcon },
  { provider: 'apple', label: 'Continue with Apple', Icon: AppleIcon },
] as const;

export type ProviderSignInProps = { readonly className: string } & (
  | /** Drawn by the app: it starts the sign-in itself. */
  { readonly onSignIn: (provider: Provider) => void; readonly disabled: boolean }
  /**
   * Drawn at build time into the page the portal sends (issue 11): the buttons submit a plain form to the sign-in's
   * start, so they work before the app's code has arrived; with `returnTo`, the sign-in comes back to that page.
   */
  | { readonly returnTo?: string }
);

/** Sign-in is Google or Apple (OpenID Connect), one large button each: the login page's and the check-in page's. */
export function ProviderSignIn(props: ProviderSignInProps) {
  const app = 'onSignIn' in props ? props : null;
  return (
    <form className={props.className} method="get" action={signInPath('google')}>
      {'returnTo' in props && props.returnTo !== undefined ? <input type="hidden" name={returnToParam} value={props.returnTo} /> : null}
      {providerButtons.map(({ provider, label, Icon }) => (
        <Button
          key={provider}
          variant="secondary"
          size="lg"
          {...(app ? { disabled: app.disabled, onClick: () => app.onSignIn(provider) } : { type: 'submit' as const, formAction: signInPath(provider) })}
        >
          <Icon />
          {label}
        </Button>
      ))}
    </form>
  );
}
