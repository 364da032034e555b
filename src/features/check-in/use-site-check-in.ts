import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fromPromise } from 'xstate';
import * as session from '../../../machines/session.selectors';
import {
  siteCheckInMachine,
  type CheckInInput,
  type CheckOutInput,
  type LoadVisitInput,
  type SiteKeyInput,
} from '../../../machines/site-check-in.machine';
import { decideRedirect } from '../../../machines/sign-in-redirect.machine';
import { checkIn } from '../../api/check-in';
import { checkOut } from '../../api/check-out';
import { decodedAnswer, takeOrCall } from '../../api/client';
import { joinSite } from '../../api/join-site';
import { Session } from '../../flows/session/session-context';
import { takeRead } from '../../flows/route-read/route-read';
import { siteVisitApiPath } from '../../domain/check-in-page';
import { SiteVisit, type ActiveCheckIn, type EndedCheckIn } from '../../domain/site-visit';
import type { TokenResponse } from '../../domain/token';

const bearer = (token: string | null) => (token ? { token } : {});

/**
 * The check-in page's actor. Signing in sends this page with the sign-in's start, which the server hands back
 * beside the code (src/flows/session/return-to.ts), so the sign-in comes straight back; joining hands the new token to
 * the session as invite acceptance does.
 */
export function useSiteCheckIn(siteId: string, key: string) {
  const sessionActor = Session.useActorRef();
  const { pathname, search } = useLocation();
  const [here] = useState(() => `${pathname}${search}`);
  const [input] = useState(() => {
    const snapshot = sessionActor.getSnapshot();
    return { siteId, key, signedIn: session.isSignedIn(snapshot), roles: session.roles(snapshot) };
  });
  const actor = useActorRef(
    siteCheckInMachine.provide({
      actors: {
        loadVisit: fromPromise<SiteVisit, LoadVisitInput>(async ({ input: visit, signal }) => {
          const path = siteVisitApiPath(visit.siteId, visit.key);
          // A newer token than the stored one (after joining) reads afresh with it.
          const started = visit.token === null ? takeRead(path) : undefined;
          return decodedAnswer(SiteVisit, path, await takeOrCall(started, path, { signal, ...bearer(visit.token) }));
        }),
        joinSite: fromPromise<TokenResponse, SiteKeyInput>(({ input: join }) => joinSite(join.siteId, { key: join.key })),
        checkIn: fromPromise<ActiveCheckIn, CheckInInput>(({ input: request }) => checkIn(request.siteId, request.request, bearer(request.token))),
        checkOut: fromPromise<EndedCheckIn, CheckOutInput>(({ input: request }) => checkOut(request.siteId, bearer(request.token))),
      },
      actions: {
        // The server carries the way back through the identity provider, as it does for the drawn page's form.
        startSignIn: (_, { provider }) => sessionActor.send({ type: 'session.signIn', provider, returnTo: here }),
        deliverToken: (_, { token }) => sessionActor.send({ type: 'session.tokenReceived', token }),
      },
    }),
    { input },
  );
  const userId = Session.useSelector(session.userId);
  const payload = Session.useSelector(session.payload);
  return {
    actor,
    /** This page, for the profile form to come back to. */
    here,
    userId,
    homePath: payload ? decideRedirect({ payload, inviteCode: null, returnTo: null }) : '/',
  };
}
