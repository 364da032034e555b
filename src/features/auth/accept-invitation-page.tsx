import { useSignOut } from '../../app/hooks';
import { Button } from '../../ui/button';
import { LogOutIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page';
import { LoadingState, MessageScreen } from '../../ui/status';
import { invitationText } from './invitation-text';
import { authText } from './strings';
import { useInviteAcceptance } from './use-invite-acceptance';

/** Spec §2 /accept_invitation (issue 3 item 6). */
export function AcceptInvitationPage() {
  const gateway = useInviteAcceptance();
  const signOut = useSignOut();
  const logout = (
    <Button variant="secondary" onClick={signOut}>
      <LogOutIcon />
      {authText.logout}
    </Button>
  );

  if (gateway.failure) {
    return (
      <MessageScreen title={gateway.failure} actions={logout} role="alert">
        <PageTitle>{authText.acceptInvitationTitle}</PageTitle>
      </MessageScreen>
    );
  }
  if (!gateway.invitation || gateway.leaving) {
    return (
      <>
        <PageTitle>{authText.acceptInvitationTitle}</PageTitle>
        <LoadingState fullScreen />
      </>
    );
  }
  const { companyName, roleLabel } = gateway.invitation;
  return (
    <MessageScreen
      title={invitationText.received(companyName, roleLabel)}
      actions={
        <>
          <Button disabled={!gateway.canAccept || gateway.accepting} aria-busy={gateway.accepting || undefined} onClick={gateway.accept}>
            {gateway.accepting ? <span className="button-spinner" aria-hidden="true" /> : null}
            {invitationText.acceptInvite}
          </Button>
          {logout}
        </>
      }
    >
      <PageTitle>{authText.acceptInvitationTitle}</PageTitle>
      <p className="muted">{invitationText.lead}</p>
    </MessageScreen>
  );
}
