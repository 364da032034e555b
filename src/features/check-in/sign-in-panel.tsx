import { ProviderSignIn } from '../../components/sign-in/provider-sign-in';
import type { Provider } from '../../domain/token';
import { checkInText } from './strings';

export type SignInPanelProps =
  /** The app's page: its machine starts the sign-in (and remembers this page itself). */
  | { readonly onSignIn: (provider: Provider) => void; readonly busy: boolean }
  /** The page the portal draws in (check-in-drawn.tsx): the buttons submit a plain form carrying this page's address. */
  | { readonly returnTo: string };

/**
 * The check-in page's sign-in, for a visitor whose browser holds no session: drawn by the app, and drawn at build time into
 * the page the portal sends, where the same buttons work before the app's code has arrived (issue 11).
 */
export function SignInPanel(props: SignInPanelProps) {
  return (
    <section className="gate-panel">
      <h2 className="gate-panel-title">{checkInText.signInTitle}</h2>
      <p>{checkInText.signInLead}</p>
      <ProviderSignIn className="gate-actions" {...('onSignIn' in props ? { onSignIn: props.onSignIn, disabled: props.busy } : { returnTo: props.returnTo })} />
    </section>
  );
}
