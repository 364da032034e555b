import { Link } from 'react-router-dom';
import { Button } from '../../ui/button';
import { AlertIcon } from '../../ui/icons';
import { clientText } from './strings';

/** Issue 3 item 3: a client created without its admin offers to resume onboarding at the invite. */
export function NoAdminCallout({ inviteTo }: { readonly inviteTo: string }) {
  return (
    <section className="callout" aria-labelledby="no-admin-title">
      <AlertIcon className="callout-icon" width={24} height={24} />
      <div className="callout-body">
        <h2 id="no-admin-title" className="callout-title">{clientText.noAdminTitle}</h2>
        <p className="callout-lead">{clientText.noAdminLead}</p>
      </div>
      <Button asChild variant="accent">
        <Link to={inviteTo}>{clientText.inviteAdmin}</Link>
      </Button>
    </section>
  );
}
