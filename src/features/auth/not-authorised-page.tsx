import { PageTitle } from '../../ui/page';
import { ErrorState } from '../../ui/status';
import { authText } from './strings';

/** /unauthorised and every unmatched path (spec §2). */
export function NotAuthorisedPage() {
  return (
    <>
      <PageTitle>{authText.notAuthorisedTitle}</PageTitle>
      <ErrorState onRetry={false}>{authText.notAuthorised}</ErrorState>
    </>
  );
}
