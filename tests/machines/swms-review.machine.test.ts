import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import {
  swmsReviewMachine,
  type SetReviewStatusInput,
  type SwmsReviewEmitted,
  type SwmsReviewInput,
  type SwmsReviewRecord,
} from '../../machines/swms-review.machine';
import * as Review from '../../machines/swms-review.selectors';
import type { ReviewFlag } from '../../src/domain/swms';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type ReviewEvent = EventFromLogic<typeof swmsReviewMachine> | { type: string; [key: string]: unknown };

const swmsId = '6f1c2b7e-4a51-4d0e-9a43-1f6f4d7c2a10';
const admin = { id: 'role-admin', firstName: 'Alice', surname: 'Nguyen', at: '2026-11-21T03:05:00.000Z' };
const supervisor = { id: 'role-super', firstName: 'Sam', surname: 'Okafor', at: '2026-11-21T04:10:00.000Z' };

/** How a flag stands on a record: true for Reviewed, 'changes' for Changes requested, unset for For Review. */
type FlagSetting = true | 'changes' | undefined;

/** A SWMS as the server answers it, with the given flags set. */
function record(flags: { admin?: FlagSetting; supervisor?: FlagSetting } = {}, id = swmsId): SwmsReviewRecord {
  const reviewedAdmin = flags.admin === true;
  const reviewedSupervisor = flags.supervisor === true;
  return {
    _id: id,
    companyAdminReviewedAt: reviewedAdmin ? admin.at : null,
    companyAdminReviewedBy: reviewedAdmin ? admin.id : null,
    companyAdminReviewerDetails: reviewedAdmin ? { firstName: admin.firstName, surname: admin.surname } : null,
    supervisorReviewedAt: reviewedSupervisor ? supervisor.at : null,
    supervisorReviewedBy: reviewedSupervisor ? supervisor.id : null,
    supervisorReviewerDetails: reviewedSupervisor ? { firstName: supervisor.firstName, surname: supervisor.surname } : null,
    companyAdminChangesRequestedAt: flags.admin === 'changes' ? admin.at : null,
    supervisorChangesRequestedAt: flags.supervisor === 'changes' ? supervisor.at : null,
    comments: [],
  };
}

const outputs = (type: string, ...records: SwmsReviewRecord[]) => records.map((output) => ({ type, output }));
const failed = (type: string) => [{ type, error: new Error('409') }];

const sampleEvents: Record<string, ReviewEvent[]> = {
  'review.mark': [{ type: 'review.mark' }],
  'review.return': [{ type: 'review.return' }],
  'review.requestChanges': [
    { type: 'review.requestChanges', comment: 'Add the exclusion zone below the work', part: 'controls' },
    { type: 'review.requestChanges', comment: 'Name the plant' },
  ],
  'swms.received': [
    { type: 'swms.received', swms: record() },
    { type: 'swms.received', swms: record({ supervisor: true }) },
    { type: 'swms.received', swms: record({ admin: true, supervisor: true }) },
    { type: 'swms.received', swms: record({ admin: 'changes', supervisor: 'changes' }) },
    { type: 'swms.received', swms: record({ admin: true }, 'another-swms') },
  ],
  'xstate.done.actor.requestCompanyAdminChanges': outputs(
    'xstate.done.actor.requestCompanyAdminChanges',
    record({ admin: 'changes' }),
    record({ admin: 'changes', supervisor: true }),
  ),
  'xstate.error.actor.requestCompanyAdminChanges': failed('xstate.error.actor.requestCompanyAdminChanges'),
  'xstate.done.actor.requestSupervisorChanges': outputs(
    'xstate.done.actor.requestSupervisorChanges',
    record({ supervisor: 'changes' }),
    record({ admin: true, supervisor: 'changes' }),
  ),
  'xstate.error.actor.requestSupervisorChanges': failed('xstate.error.actor.requestSupervisorChanges'),
  // The server answers with both flags: the other reviewer may have acted meanwhile.
  'xstate.done.actor.markCompanyAdminReviewed': outputs(
    'xstate.done.actor.markCompanyAdminReviewed',
    record({ admin: true }),
    record({ admin: true, supervisor: true }),
  ),
  'xstate.error.actor.markCompanyAdminReviewed': failed('xstate.error.actor.markCompanyAdminReviewed'),
  'xstate.done.actor.returnCompanyAdminForReview': outputs(
    'xstate.done.actor.returnCompanyAdminForReview',
    record(),
    record({ supervisor: true }),
  ),
  'xstate.error.actor.returnCompanyAdminForReview': failed('xstate.error.actor.returnCompanyAdminForReview'),
  'xstate.done.actor.markSupervisorReviewed': outputs(
    'xstate.done.actor.markSupervisorReviewed',
    record({ supervisor: true }),
    record({ admin: true, supervisor: true }),
  ),
  'xstate.error.actor.markSupervisorReviewed': failed('xstate.error.actor.markSupervisorReviewed'),
  'xstate.done.actor.returnSupervisorForReview': outputs(
    'xstate.done.actor.returnSupervisorForReview',
    record({ admin: true }),
    record(),
  ),
  'xstate.error.actor.returnSupervisorForReview': failed('xstate.error.actor.returnSupervisorForReview'),
};

const inputs: SwmsReviewInput[] = [
  { swms: record(), viewerRoles: ['CompanyAdmin'] },
  { swms: record({ admin: true }), viewerRoles: ['CompanySupervisor'] },
  { swms: record({ admin: true, supervisor: true }), viewerRoles: ['CompanyAdmin'] },
  { swms: record({ supervisor: true }), viewerRoles: ['TradesPerson'] },
  { swms: record({ supervisor: 'changes' }), viewerRoles: ['CompanySupervisor'] },
];

const flags: ReviewFlag[] = ['companyAdmin', 'supervisor'];
const reviewedAt = (swms: SwmsReviewRecord, flag: ReviewFlag) =>
  flag === 'companyAdmin' ? swms.companyAdminReviewedAt : swms.supervisorReviewedAt;
const changesAt = (swms: SwmsReviewRecord, flag: ReviewFlag) =>
  flag === 'companyAdmin' ? swms.companyAdminChangesRequestedAt : swms.supervisorChangesRequestedAt;
const statusOf = (swms: SwmsReviewRecord, flag: ReviewFlag) =>
  reviewedAt(swms, flag) !== null ? 'reviewed' : changesAt(swms, flag) !== null ? 'changesRequested' : 'forReview';
const labelOf = { forReview: 'For Review', reviewed: 'Reviewed', changesRequested: 'Changes requested' } as const;
const saveIds = new Set([
  'markCompanyAdminReviewed',
  'returnCompanyAdminForReview',
  'requestCompanyAdminChanges',
  'markSupervisorReviewed',
  'returnSupervisorForReview',
  'requestSupervisorChanges',
]);

interface ReviewRig extends Rig<typeof swmsReviewMachine> {
  toasts: SwmsReviewEmitted[];
  seen: number;
}

function regionOf(value: unknown, flag: ReviewFlag): string {
  return (value as Record<ReviewFlag, string>)[flag];
}

function describeRecord(swms: SwmsReviewRecord): string {
  const flagsSet = flags.filter((flag) => reviewedAt(swms, flag) !== null);
  const changes = flags.filter((flag) => changesAt(swms, flag) !== null);
  const shown = (flagsSet.length ? flagsSet.join('+') : 'none') + (changes.length ? `, changes requested: ${changes.join('+')}` : '');
  return swms._id === swmsId ? `[reviewed: ${shown}]` : `[${swms._id}, reviewed: ${shown}]`;
}

function describeReviewEvent(event: { type: string; [key: string]: unknown }): string {
  const swms = (event.swms ?? event.output) as SwmsReviewRecord | undefined;
  if (swms) return `${event.type} ${describeRecord(swms)}`;
  return event.error instanceof Error ? `${event.type} (${event.error.message})` : event.type;
}

const coverage = new TransitionCoverage(swmsReviewMachine);
const paths = modelPaths(swmsReviewMachine, { inputs, events: sampleEvents, describeEvent: describeReviewEvent });

describe('SWMS dual review machine, model-based', () => {
  test.for(paths.map((path) => [`${path.input.viewerRoles.join()} on ${describeRecord(path.input.swms)}: ${path.description}`, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof swmsReviewMachine, ReviewRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const machine = swmsReviewMachine.provide({ actors: { setStatus: scripted.logic<SwmsReviewRecord, SetReviewStatusInput>() } });
        const actor = createActor(machine, { input, inspect });
        const rig: ReviewRig = { actor, scripted, clock, toasts: [], seen: 0 };
        actor.on('toast', (toast) => rig.toasts.push(toast));
        return rig;
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { swms, viewerFlag } = snapshot.context;
        const toasts = rig.toasts.slice(rig.seen);
        rig.seen = rig.toasts.length;

        for (const flag of flags) {
          const region = regionOf(snapshot.value, flag);
          const view = Review.flag(flag)(snapshot);
          if (['forReview', 'reviewed', 'changesRequested'].includes(region)) expect(statusOf(swms, flag), `${flag} ${region}`).toBe(region);
          if (flag !== viewerFlag) expect(['forReview', 'reviewed', 'changesRequested'], 'only the viewer’s own flag is ever saved').toContain(region);
          expect(view.status).toBe(statusOf(swms, flag));
          expect(view.label).toBe(labelOf[statusOf(swms, flag)]);
          expect(view.reviewedAt).toBe(reviewedAt(swms, flag));
          const person = flag === 'companyAdmin' ? admin : supervisor;
          expect(view.reviewerName).toBe(view.reviewedAt === null ? null : `${person.firstName} ${person.surname}`);
        }

        const ownRegion = viewerFlag === null ? null : regionOf(snapshot.value, viewerFlag);
        expect(Review.canCheckAsReviewed(snapshot)).toBe(ownRegion === 'forReview' || ownRegion === 'changesRequested');
        expect(Review.canReturnForReview(snapshot)).toBe(ownRegion === 'reviewed' || ownRegion === 'changesRequested');
        expect(Review.canRequestChanges(snapshot)).toBe(ownRegion === 'forReview');
        expect(Review.isSaving(snapshot)).toBe(ownRegion === 'marking' || ownRegion === 'returning' || ownRegion === 'requestingChanges');
        expect(Review.isMarkingOwnFlag(snapshot)).toBe(ownRegion === 'marking');
        expect(Review.isRequestingChanges(snapshot)).toBe(ownRegion === 'requestingChanges');
        expect(Review.viewerFlagStatus(snapshot)).toBe(viewerFlag === null ? null : labelOf[statusOf(swms, viewerFlag)]);

        const { event } = step;
        const before = previous?.state.context.swms;
        const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
        if (event.type === 'review.mark' || event.type === 'review.return') {
          expect(swms, 'reviewer fields are never set locally').toEqual(before);
          if (Review.isSaving(snapshot) && !previous?.state.hasTag('busy')) {
            expect(rig.scripted.calls.at(-1)?.input).toEqual({ swmsId, status: event.type === 'review.mark' ? 'reviewed' : 'forReview' });
          }
        }
        if (event.type === 'review.requestChanges') {
          expect(swms, 'reviewer fields are never set locally').toEqual(before);
          const { comment, part } = event as { comment: string; part?: string };
          if (Review.isRequestingChanges(snapshot) && !previous?.state.hasTag('busy')) {
            expect(rig.scripted.calls.at(-1)?.input).toEqual({ swmsId, status: 'changesRequested', comment, ...(part === undefined ? {} : { part }) });
          }
        }
        if (settled?.[1] === 'done' && saveIds.has(settled[2]!)) {
          expect(swms, "the server's answer is the record").toEqual((event as { output?: unknown }).output);
          expect(toasts).toEqual([{ type: 'toast', tone: 'success', message: 'Status updated successfully' }]);
        } else if (settled?.[1] === 'error') {
          expect(swms).toEqual(before);
          expect(toasts).toEqual([{ type: 'toast', tone: 'error', message: 'Status update failed' }]);
        } else {
          expect(toasts).toEqual([]);
        }
        if (event.type === 'swms.received' && (event as { swms: SwmsReviewRecord }).swms._id !== swmsId) {
          expect(swms, 'a read of another SWMS is ignored').toEqual(before);
        }
      },
    });
  });

  test('every state and transition of the dual review machine is exercised', () => {
    coverage.assertComplete('swmsReview');
  });
});

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function startReview(input: SwmsReviewInput) {
  const scripted = new ScriptedActors();
  const toasts: SwmsReviewEmitted[] = [];
  const actor = createActor(
    swmsReviewMachine.provide({ actors: { setStatus: scripted.logic<SwmsReviewRecord, SetReviewStatusInput>() } }),
    { input },
  );
  actor.on('toast', (toast) => toasts.push(toast));
  actor.start();
  return { actor, scripted, toasts, snapshot: () => actor.getSnapshot() };
}

/** One reviewer opens the SWMS as the server last answered it and checks it as reviewed. */
async function review(swms: SwmsReviewRecord, viewerRoles: SwmsReviewInput['viewerRoles'], answer: SwmsReviewRecord) {
  const session = startReview({ swms, viewerRoles });
  expect(Review.canCheckAsReviewed(session.snapshot())).toBe(true);
  expect(Review.viewerFlagStatus(session.snapshot())).toBe('For Review');
  session.actor.send({ type: 'review.mark' });
  expect(Review.canCheckAsReviewed(session.snapshot())).toBe(false);
  expect(Review.isSaving(session.snapshot())).toBe(true);
  expect(session.scripted.lastInput(viewerRoles.includes('CompanyAdmin') ? 'markCompanyAdminReviewed' : 'markSupervisorReviewed')).toEqual({
    swmsId,
    status: 'reviewed',
  });
  session.scripted.resolve(viewerRoles.includes('CompanyAdmin') ? 'markCompanyAdminReviewed' : 'markSupervisorReviewed', answer);
  await settle();
  expect(Review.canCheckAsReviewed(session.snapshot())).toBe(false);
  expect(Review.viewerFlagStatus(session.snapshot())).toBe('Reviewed');
  expect(session.toasts).toEqual([{ type: 'toast', tone: 'success', message: 'Status updated successfully' }]);
  return session;
}

describe('SWMS dual review, both orders', () => {
  test('admin first, then supervisor: each sees the other’s review with name and time', async () => {
    const byAdmin = await review(record(), ['CompanyAdmin'], record({ admin: true }));
    expect(byAdmin.snapshot().value).toEqual({ companyAdmin: 'reviewed', supervisor: 'forReview' });
    expect(Review.supervisorFlag(byAdmin.snapshot())).toEqual({ status: 'forReview', label: 'For Review', reviewerName: null, reviewedAt: null });

    const bySupervisor = await review(record({ admin: true }), ['CompanySupervisor'], record({ admin: true, supervisor: true }));
    expect(bySupervisor.snapshot().value).toEqual({ companyAdmin: 'reviewed', supervisor: 'reviewed' });
    expect(Review.companyAdminFlag(bySupervisor.snapshot())).toEqual({
      status: 'reviewed',
      label: 'Reviewed',
      reviewerName: 'Alice Nguyen',
      reviewedAt: admin.at,
    });
    expect(Review.supervisorFlag(bySupervisor.snapshot()).reviewerName).toBe('Sam Okafor');
  });

  test('supervisor first, then admin', async () => {
    const bySupervisor = await review(record(), ['CompanySupervisor'], record({ supervisor: true }));
    expect(bySupervisor.snapshot().value).toEqual({ companyAdmin: 'forReview', supervisor: 'reviewed' });

    const byAdmin = await review(record({ supervisor: true }), ['CompanyAdmin'], record({ admin: true, supervisor: true }));
    expect(byAdmin.snapshot().value).toEqual({ companyAdmin: 'reviewed', supervisor: 'reviewed' });
    expect(Review.supervisorFlag(byAdmin.snapshot()).reviewedAt).toBe(supervisor.at);
  });

  test('the supervisor’s review reaches an admin page that is already open', () => {
    const open = startReview({ swms: record(), viewerRoles: ['CompanyAdmin'] });
    open.actor.send({ type: 'swms.received', swms: record({ supervisor: true }) });
    expect(open.snapshot().value).toEqual({ companyAdmin: 'forReview', supervisor: 'reviewed' });
    expect(Review.canCheckAsReviewed(open.snapshot())).toBe(true);
  });
});

describe('SWMS dual review, returning and failures', () => {
  test('the same role returns its flag to For Review; the button comes back', async () => {
    const { actor, scripted, snapshot } = startReview({ swms: record({ admin: true, supervisor: true }), viewerRoles: ['CompanySupervisor'] });
    expect(Review.canReturnForReview(snapshot())).toBe(true);
    actor.send({ type: 'review.return' });
    expect(scripted.lastInput('returnSupervisorForReview')).toEqual({ swmsId, status: 'forReview' });
    scripted.resolve('returnSupervisorForReview', record({ admin: true }));
    await settle();
    expect(snapshot().value).toEqual({ companyAdmin: 'reviewed', supervisor: 'forReview' });
    expect(Review.canCheckAsReviewed(snapshot())).toBe(true);
  });

  test('a role cannot return or set the other role’s flag', () => {
    const { actor, scripted, snapshot } = startReview({ swms: record({ admin: true }), viewerRoles: ['CompanySupervisor'] });
    actor.send({ type: 'review.return' });
    expect(snapshot().value).toEqual({ companyAdmin: 'reviewed', supervisor: 'forReview' });
    expect(scripted.calls).toEqual([]);
  });

  test('a failed save keeps the flag and says so', async () => {
    const { actor, scripted, toasts, snapshot } = startReview({ swms: record(), viewerRoles: ['CompanyAdmin'] });
    actor.send({ type: 'review.mark' });
    scripted.reject('markCompanyAdminReviewed', new Error('Only a company admin or a supervisor can review SWMS'));
    await settle();
    expect(snapshot().value).toEqual({ companyAdmin: 'forReview', supervisor: 'forReview' });
    expect(snapshot().context.swms).toEqual(record());
    expect(Review.canCheckAsReviewed(snapshot())).toBe(true);
    expect(toasts).toEqual([{ type: 'toast', tone: 'error', message: 'Status update failed' }]);
  });

  test('the admin requests changes with a comment, then marks it Reviewed; the supervisor’s flag is untouched', async () => {
    const { actor, scripted, toasts, snapshot } = startReview({ swms: record({ supervisor: true }), viewerRoles: ['CompanyAdmin'] });
    expect(Review.canRequestChanges(snapshot())).toBe(true);
    actor.send({ type: 'review.requestChanges', comment: 'Add the exclusion zone', part: 'controls' });
    expect(Review.isRequestingChanges(snapshot())).toBe(true);
    expect(scripted.lastInput('requestCompanyAdminChanges')).toEqual({ swmsId, status: 'changesRequested', comment: 'Add the exclusion zone', part: 'controls' });
    scripted.resolve('requestCompanyAdminChanges', record({ admin: 'changes', supervisor: true }));
    await settle();
    expect(snapshot().value).toEqual({ companyAdmin: 'changesRequested', supervisor: 'reviewed' });
    expect(Review.viewerFlagStatus(snapshot())).toBe('Changes requested');
    expect(Review.canRequestChanges(snapshot())).toBe(false);
    expect(Review.canCheckAsReviewed(snapshot())).toBe(true);
    expect(Review.canReturnForReview(snapshot())).toBe(true);
    expect(toasts).toEqual([{ type: 'toast', tone: 'success', message: 'Status updated successfully' }]);
    actor.send({ type: 'review.mark' });
    scripted.resolve('markCompanyAdminReviewed', record({ admin: true, supervisor: true }));
    await settle();
    expect(snapshot().value).toEqual({ companyAdmin: 'reviewed', supervisor: 'reviewed' });
  });

  test('a failed request for changes leaves the flag For Review', async () => {
    const { actor, scripted, snapshot } = startReview({ swms: record(), viewerRoles: ['CompanySupervisor'] });
    actor.send({ type: 'review.requestChanges', comment: 'Name the plant' });
    scripted.reject('requestSupervisorChanges', new Error('network'));
    await settle();
    expect(snapshot().value).toEqual({ companyAdmin: 'forReview', supervisor: 'forReview' });
    expect(Review.canRequestChanges(snapshot())).toBe(true);
  });

  test('a viewer who reviews neither flag sees no button', () => {
    const { snapshot } = startReview({ swms: record(), viewerRoles: ['SuperUser'] });
    expect(Review.viewerFlag(snapshot())).toBeNull();
    expect(Review.canCheckAsReviewed(snapshot())).toBe(false);
    expect(Review.viewerFlagStatus(snapshot())).toBeNull();
  });

  test('an admin who is also a supervisor acts on the admin flag', () => {
    const { snapshot } = startReview({ swms: record(), viewerRoles: ['CompanySupervisor', 'CompanyAdmin'] });
    expect(Review.viewerFlag(snapshot())).toBe('companyAdmin');
  });
});
