import { useSignOut } from '../../flows/session/use-sign-out';
import { Button } from '../../ui/button';
import { LogOutIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page';
import { MessageScreen } from '../../ui/status';
import { authText } from './strings';
import { useSignInEmail } from './use-sign-in-email';

/** Spec §2 /unauthorised_role: a full-screen message, the account it is about, what to do (issue 55 §8), and a way out. */
export function UnauthorisedRolePage() {
  const signOut = useSignOut();
  const email = useSignInEmail();
  return (
    <MessageScreen
      title={authText.noRoles}
      actions={
        <Button variant="secondary" onClick={signOut}>
          <LogOutIcon />
          {authText.logout}
        </Button>
      }
    >
      <PageTitle>{authText.noRoles}</PageTitle>
      {email ? (
        <p className="message-screen-text" data-slot="signed-in-as">
          {authText.signedInAs} <strong>{email}</strong>
        </p>
      ) : null}
      <p className="message-screen-text">{authText.noRolesHelp}</p>
    </MessageScreen>
  );
}
