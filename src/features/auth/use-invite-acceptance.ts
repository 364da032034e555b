import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { decodeAccessToken } from '../../../machines/access-token';
import { inviteAcceptanceMachine, type InviteCodeInput } from '../../../machines/invite-acceptance.machine';
import * as acceptance from '../../../machines/invite-acceptance.selectors';
import * as session from '../../../machines/session.selectors';
import { decideRedirect } from '../../../machines/sign-in-redirect.machine';
import { acceptInvite } from '../../api/accept-invite';
import { getInvitation } from '../../api/get-invitation';
import { Session } from '../../flows/session/session-context';
import type { InvitationView } from '../../domain/invite';
import type { TokenResponse } from '../../domain/token';

/**
 * Spec §2 /accept_invitation on the invite-acceptance machine. A visitor who signed in with a stored
 * code already got the role during the token exchange: the machine sees a company role, finds the
 * code spent, forgets it and sends them to their home page. A refused code is explained instead.
 */
export function useInviteAcceptance() {
  const sessionActor = Session.useActorRef();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [input] = useState(() => {
    const snapshot = sessionActor.getSnapshot();
    const payload = session.payload(snapshot);
    return {
      invitationCodeFromQuery: params.get('invitationCode'),
      storedInvitationCode: session.inviteCode(snapshot),
      signedIn: session.isSignedIn(snapshot),
      roles: session.roles(snapshot),
      homePath: payload ? decideRedirect({ payload, inviteCode: null, returnTo: null }) : undefined,
    };
  });
  const actor = useActorRef(
    inviteAcceptanceMachine.provide({
      actors: {
        loadInvitation: fromPromise<InvitationView, InviteCodeInput>(({ input, signal }) => getInvitation(input.inviteCode, { signal })),
        acceptInvite: fromPromise<TokenResponse, InviteCodeInput>(({ input }) => acceptInvite({ inviteCode: input.inviteCode })),
      },
      actions: {
        persistInviteCode: (_, { inviteCode }) => sessionActor.send({ type: 'session.inviteCodeReceived', inviteCode }),
        deliverToken: (_, { token }) => sessionActor.send({ type: 'session.tokenReceived', token }),
      },
    }),
    { input },
  );
  const redirectTo = useSelector(actor, acceptance.redirectTo);
  const acceptedToken = useSelector(actor, acceptance.acceptedToken);

  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  useEffect(() => {
    if (!acceptedToken) return;
    const payload = decodeAccessToken(acceptedToken);
    navigate(payload ? decideRedirect({ payload, inviteCode: null, returnTo: null }) : '/', { replace: true });
  }, [acceptedToken, navigate]);

  return {
    loading: useSelector(actor, acceptance.isLoading),
    accepting: useSelector(actor, acceptance.isAccepting),
    invitation: useSelector(actor, acceptance.invitation),
    canAccept: useSelector(actor, acceptance.canAccept),
    failure: useSelector(actor, acceptance.failure),
    leaving: redirectTo !== null || acceptedToken !== null,
    accept: () => actor.send({ type: 'invite.accept' }),
  };
}
