import { formatDateTime } from '../../domain/dates';
import { roleLabel } from '../../domain/roles';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { EmptyState, ErrorState, LoadingState } from '../../ui/status';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { invitationEmailStatusText, invitedText } from './strings';
import type { InvitedEmployeesState } from './use-invited-employees';
import './invite-form.css';

/**
 * Spec §2 Invited Employees: username, email, role and Resend, with where each email is (issue 12). The
 * username is the email address, so both share one column; an email that differs shows beneath it.
 */
export function InvitedEmployees({ state, now = Date.now() }: { readonly state: InvitedEmployeesState; readonly now?: number }) {
  return (
    <Card aria-labelledby="invited-employees-title">
      <CardHeader>
        <CardTitle id="invited-employees-title">{invitedText.title}</CardTitle>
      </CardHeader>
      <CardContent className="invited-content">
        {state.status === 'loading' ? <LoadingState /> : null}
        {state.status === 'failed' ? <ErrorState /> : null}
        {state.status === 'ready' && state.invites.length === 0 ? <EmptyState /> : null}
        {state.status === 'ready' && state.invites.length > 0 ? (
          <Table cards>
            <TableHeader>
              <TableRow>
                <TableHead>{invitedText.name}</TableHead>
                <TableHead>{invitedText.usernameAndEmail}</TableHead>
                <TableHead>{invitedText.role}</TableHead>
                <TableHead>{invitedText.expires}</TableHead>
                <TableHead>{invitedText.emailStatus}</TableHead>
                <TableHead><span className="visually-hidden">{invitedText.actions}</span></TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {state.invites.map((invite) => {
                const expired = new Date(invite.expiresAt).getTime() <= now;
                const name = `${invite.firstName} ${invite.surname}`.trim();
                return (
                  <TableRow key={invite.userRole._id}>
                    <TableCell data-card="title">{name}</TableCell>
                    <TableCell data-label={invitedText.usernameAndEmail}>
                      {invite.username}
                      {invite.email !== invite.username ? <span className="invite-other-email">{invite.email}</span> : null}
                    </TableCell>
                    <TableCell data-card="status">{roleLabel(invite.role)}</TableCell>
                    <TableCell className="invited-expires" data-label={invitedText.expires}>
                      {expired ? <span className="invite-expired">{invitedText.expired}</span> : formatDateTime(invite.expiresAt)}
                    </TableCell>
                    <TableCell data-label={invitedText.emailStatus}>
                      <span className={`invite-email-status invite-email-${invite.emailStatus}`}>{invitationEmailStatusText[invite.emailStatus]}</span>
                    </TableCell>
                    <TableCell className="invited-action" data-card="action">
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={state.resendingId !== null}
                        aria-busy={state.resendingId === invite.userRole._id || undefined}
                        aria-label={invitedText.resendTo(name || invite.email)}
                        onClick={() => state.resend(invite.userRole._id)}
                      >
                        {state.resendingId === invite.userRole._id ? <span className="button-spinner" aria-hidden="true" /> : null}
                        {invitedText.resend}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  );
}
