import { Link } from 'react-router-dom';
import type { InvitationFailure } from '../../../machines/invite-acceptance.machine';
import { useSignOut } from '../../flows/session/use-sign-out';
import { Button } from '../../ui/button';
import { LogOutIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page';
import { LoadingState, MessageScreen } from '../../ui/status';
import { invitationNextStep, invitationText } from './invitation-text';
import { authText } from './strings';
import { useInviteAcceptance } from './use-invite-acceptance';
import './invitation.css';

function LogoutButton() {
  const signOut = useSignOut();
  return (
    <Button variant="secondary" onClick={signOut}>
      <LogOutIcon />
      {authText.logout}
    </Button>
  );
}

/** Spec §8 and issue 13 §2: the server's reason, what to do about it, and the way home for someone who has one. */
function InvitationRefused({ failure }: { readonly failure: InvitationFailure }) {
  return (
    <MessageScreen
      title={failure.message}
      role="alert"
      data-problem={failure.problem}
      actions={
        <>
          {failure.home ? (
            <Button asChild>
              <Link to={failure.home} replace>
                {invitationText.goHome}
              </Link>
            </Button>
          ) : null}
          <LogoutButton />
        </>
      }
    >
      <PageTitle>{authText.acceptInvitationTitle}</PageTitle>
      <section className="invitation-next-step" aria-labelledby="invitation-next-step-title">
        <h2 id="invitation-next-step-title">{invitationText.nextStepTitle}</h2>
        <p>{invitationNextStep[failure.problem]}</p>
      </section>
    </MessageScreen>
  );
}

/** Spec §2 /accept_invitation (issue 3 item 6). */
export function AcceptInvitationPage() {
  const gateway = useInviteAcceptance();

  if (gateway.failure) return <InvitationRefused failure={gateway.failure} />;
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
          <LogoutButton />
        </>
      }
    >
      <PageTitle>{authText.acceptInvitationTitle}</PageTitle>
      <p className="muted">{invitationText.lead}</p>
    </MessageScreen>
  );
}
