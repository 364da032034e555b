import type { AnyStateMachine } from 'xstate';
import type { MachineLabels } from '../../../machines/machine-labels';
import type { LabelledMachine } from './statechart-model';

export interface Workflow {
  /** The machine's own id, which names its page: /workflows/{id}. */
  readonly id: string;
  readonly title: string;
  /** One plain-language sentence of what the machine governs. */
  readonly governs: string;
  /** The machine and its words, fetched with its diagram only (issue 11: one diagram does not carry every machine). */
  readonly load: () => Promise<LabelledMachine>;
}

const labelled = async (machine: Promise<AnyStateMachine>, labels: Promise<MachineLabels>): Promise<LabelledMachine> => {
  const [loadedMachine, loadedLabels] = await Promise.all([machine, labels]);
  return { machine: loadedMachine, labels: loadedLabels };
};

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/** Every machine in machines/, the same export the app runs and the tests walk (issue 9), with its labels beside it (issue 55 §9). */
export const workflows: readonly Workflow[] = ([
  { id: 'swmsReview', title: 'SWMS dual review', governs: 'How a SWMS is checked as reviewed, sent back with changes requested and a comment, and returned to For Review, by the company admin and the site supervisor independently.', load: () => labelled(import('../../../machines/swms-review.machine').then((module) => module.swmsReviewMachine), import('../../../machines/swms-review.labels').then((module) => module.swmsReviewLabels)) },
  { id: 'bulkSelection', title: 'Bulk selection and status change', governs: 'How rows of a list are ticked, a whole list is selected across pages, and one status is applied to all of them at once.', load: () => labelled(import('../../../machines/bulk-selection.machine').then((module) => module.bulkSelectionMachine), import('../../../machines/bulk-selection.labels').then((module) => module.bulkSelectionLabels)) },
  { id: 'clientOnboarding', title: 'Client onboarding', governs: 'How a super user creates a client company and then invites its first admin.', load: () => labelled(import('../../../machines/client-onboarding.machine').then((module) => module.clientOnboardingMachine), import('../../../machines/client-onboarding.labels').then((module) => module.clientOnboardingLabels)) },
  { id: 'inviteAcceptance', title: 'Invitation acceptance', governs: 'How an invited person signs in, checks the invitation and accepts the role it offers.', load: () => labelled(import('../../../machines/invite-acceptance.machine').then((module) => module.inviteAcceptanceMachine), import('../../../machines/invite-acceptance.labels').then((module) => module.inviteAcceptanceLabels)) },
  { id: 'inviteSupervisor', title: 'Inviting a supervisor or auditor', governs: 'How a company admin invites a site supervisor or an auditor and returns to the employees list.', load: () => labelled(import('../../../machines/invite-supervisor.machine').then((module) => module.inviteSupervisorMachine), import('../../../machines/invite-supervisor.labels').then((module) => module.inviteSupervisorLabels)) },
  { id: 'invitedEmployees', title: 'Invited employees', governs: 'How pending invitations are listed and resent.', load: () => labelled(import('../../../machines/invited-employees.machine').then((module) => module.invitedEmployeesMachine), import('../../../machines/invited-employees.labels').then((module) => module.invitedEmployeesLabels)) },
  { id: 'session', title: 'Session', governs: 'How a person signs in, stays signed in while the token is renewed, and signs out.', load: () => labelled(import('../../../machines/session.machine').then((module) => module.sessionMachine), import('../../../machines/session.labels').then((module) => module.sessionLabels)) },
  { id: 'signInRedirect', title: 'Where a sign-in lands', governs: 'Which page a person sees first after signing in, by invitation, role and the link they followed.', load: () => labelled(import('../../../machines/sign-in-redirect.machine').then((module) => module.signInRedirectMachine), import('../../../machines/sign-in-redirect.labels').then((module) => module.signInRedirectLabels)) },
  { id: 'siteEditor', title: 'Project site editor', governs: 'How a project site is created or edited, its safety plan uploaded, and a conflicting edit refused.', load: () => labelled(import('../../../machines/site-editor.machine').then((module) => module.siteEditorMachine), import('../../../machines/site-editor.labels').then((module) => module.siteEditorLabels)) },
  { id: 'siteStatus', title: 'Project site status', governs: 'How one project site is moved to another status from its details page.', load: () => labelled(import('../../../machines/site-status.machine').then((module) => module.siteStatusMachine), import('../../../machines/site-status.labels').then((module) => module.siteStatusLabels)) },
  { id: 'clientList', title: 'Client list', governs: 'How the list of client companies is loaded for a search, sort and page.', load: () => labelled(import('../../../machines/client-list.machine').then((module) => module.clientListMachine), import('../../../machines/client-list.labels').then((module) => module.clientListLabels)) },
  { id: 'clientDetails', title: 'Client details', governs: 'How a client company is shown and, after a confirmation, deleted.', load: () => labelled(import('../../../machines/client-details.machine').then((module) => module.clientDetailsMachine), import('../../../machines/client-details.labels').then((module) => module.clientDetailsLabels)) },
  { id: 'companyEditor', title: 'Company editor', governs: 'How a company profile is loaded, edited and saved.', load: () => labelled(import('../../../machines/company-editor.machine').then((module) => module.companyEditorMachine), import('../../../machines/company-editor.labels').then((module) => module.companyEditorLabels)) },
  { id: 'companyForm', title: 'Company form', governs: 'How the company form knows when every field is filled in and valid.', load: () => labelled(import('../../../machines/company-form.machine').then((module) => module.companyFormMachine), import('../../../machines/company-form.labels').then((module) => module.companyFormLabels)) },
  { id: 'fileUpload', title: 'File upload', governs: 'How a logo, safety plan or photo goes straight to storage with progress, and can be cancelled or retried.', load: () => labelled(import('../../../machines/file-upload.machine').then((module) => module.fileUploadMachine), import('../../../machines/file-upload.labels').then((module) => module.fileUploadLabels)) },
  { id: 'profileEditor', title: 'Profile editor', governs: 'How a person edits and saves their own details.', load: () => labelled(import('../../../machines/profile-editor.machine').then((module) => module.profileEditorMachine), import('../../../machines/profile-editor.labels').then((module) => module.profileEditorLabels)) },
  { id: 'pdfExport', title: 'SWMS PDF export', governs: 'How one SWMS, or a selection of SWMS, becomes one PDF, with progress, and can be cancelled.', load: () => labelled(import('../../../machines/pdf-export.machine').then((module) => module.pdfExportMachine), import('../../../machines/pdf-export.labels').then((module) => module.pdfExportLabels)) },
  { id: 'siteGate', title: 'Site QR code and poster', governs: "How a site's check-in QR code is shown, its poster downloaded, and its key replaced after a warning so old posters stop working.", load: () => labelled(import('../../../machines/site-gate.machine').then((module) => module.siteGateMachine), import('../../../machines/site-gate.labels').then((module) => module.siteGateLabels)) },
  { id: 'onSite', title: 'Who is on site now', governs: 'How the people on a site are listed and kept current as they check in and out, checked out by hand after a confirmation, and printed as the evacuation list.', load: () => labelled(import('../../../machines/on-site.machine').then((module) => module.onSiteMachine), import('../../../machines/on-site.labels').then((module) => module.onSiteLabels)) },
  { id: 'siteCheckIn', title: 'Site check-in', governs: "How a tradesperson at the site gate scans the poster, signs in, is refused while a licence is expired, confirms the site's PPE and safety plan, and checks in and out.", load: () => labelled(import('../../../machines/site-check-in.machine').then((module) => module.siteCheckInMachine), import('../../../machines/site-check-in.labels').then((module) => module.siteCheckInLabels)) },
  { id: 'tradesProfile', title: 'Tradesperson profile', governs: 'How a tradesperson completes and keeps their profile, white card and licences, with unsaved changes kept on the phone until saved.', load: () => labelled(import('../../../machines/trades-profile.machine').then((module) => module.tradesProfileMachine), import('../../../machines/trades-profile.labels').then((module) => module.tradesProfileLabels)) },
  { id: 'tradesHome', title: "Tradesperson's home", governs: 'How a tradesperson sees their check-ins, SWMS and licences, and checks out of a site from home.', load: () => labelled(import('../../../machines/trades-home.machine').then((module) => module.tradesHomeMachine), import('../../../machines/trades-home.labels').then((module) => module.tradesHomeLabels)) },
  { id: 'swmsBuilder', title: 'SWMS builder', governs: 'How a tradesperson builds a SWMS on the phone in six steps, with photos, checks it against WHS Regulation 299, and submits it, or saves it to send later when offline; and how its author revises one, starting from its latest revision.', load: () => labelled(import('../../../machines/swms-builder.machine').then((module) => module.swmsBuilderMachine), import('../../../machines/swms-builder.labels').then((module) => module.swmsBuilderLabels)) },
  { id: 'swmsOutbox', title: 'SWMS outbox', governs: 'How SWMS saved on the phone while offline are sent when the connection returns, tried again with a growing wait, and kept with the message when refused.', load: () => labelled(import('../../../machines/swms-outbox.machine').then((module) => module.swmsOutboxMachine), import('../../../machines/swms-outbox.labels').then((module) => module.swmsOutboxLabels)) },
] satisfies Workflow[]).map((entry) => ({ ...entry, load: once(entry.load) }));

export const workflowById = (id: string): Workflow | undefined => workflows.find((workflow) => workflow.id === id);
