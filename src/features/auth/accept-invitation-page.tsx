import { PageTitle } from '../../ui/page';
import { MessageScreen } from '../../ui/status';
import { authText } from './strings';

/** Placeholder until issue 3 builds the invitation screen. */
export function AcceptInvitationPage() {
  return (
    <MessageScreen title={authText.acceptInvitationTitle}>
      <PageTitle>{authText.acceptInvitationTitle}</PageTitle>
    </MessageScreen>
  );
}
