import * as session from '../../../machines/session.selectors';
import { decideRedirect } from '../../../machines/sign-in-redirect.machine';
import { Session } from '../../flows/session/session-context';
import { Page } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { authText } from './strings';

/** The user's own home page, where both pages lead (issue 13 §2). */
function useHome(): string {
  const payload = Session.useSelector(session.payload);
  return payload ? decideRedirect({ payload, inviteCode: null, returnTo: null }) : '/';
}

/** /unauthorised, where the route guards send an address the user may not see (spec §2). */
export function NotAuthorisedPage() {
  const home = useHome();
  return (
    <Page>
      <ProblemState problem="notAllowed" title={authText.notAuthorisedTitle} notAllowed={authText.notAuthorised} backTo={home} backLabel={authText.goHome} />
    </Page>
  );
}

/** Every unmatched path: the spec's message (§2), saying that no page is there (issue 55 §8). */
export function NoSuchPage() {
  const home = useHome();
  return (
    <Page>
      <ProblemState problem="notFound" title={authText.notAuthorisedTitle} notFound={authText.notAuthorised} detail={authText.noSuchPage} backTo={home} backLabel={authText.goHome} />
    </Page>
  );
}
