import { useSignOut } from '../../app/hooks';
import { Button } from '../../ui/button';
import { LogOutIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page';
import { MessageScreen } from '../../ui/status';
import { authText } from './strings';

/** Spec §2 /unauthorised_role: a full-screen message with a way out. */
export function UnauthorisedRolePage() {
  const signOut = useSignOut();
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
    </MessageScreen>
  );
}
