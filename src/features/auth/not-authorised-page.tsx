import * as session from '../../../machines/session.selectors';
import { decideRedirect } from '../../../machines/sign-in-redirect.machine';
import { Session } from '../../app/hooks';
import { Page } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { authText } from './strings';

/** /unauthorised and every unmatched path (spec §2), with the way to the user's own home page (issue 13 §2). */
export function NotAuthorisedPage() {
  const payload = Session.useSelector(session.payload);
  const home = payload ? decideRedirect({ payload, inviteCode: null, returnTo: null }) : '/';
  return (
    <Page>
      <ProblemState problem="notAllowed" title={authText.notAuthorisedTitle} notAllowed={authText.notAuthorised} backTo={home} backLabel={authText.goHome} />
    </Page>
  );
}
