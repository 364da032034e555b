import type { AnyStateMachine } from 'xstate';

export interface Workflow {
  /** The machine's own id, which names its page: /workflows/{id}. */
  readonly id: string;
  readonly title: string;
  /** One plain-language sentence of what the machine governs. */
  readonly governs: string;
  /** The machine itself, fetched with its diagram only (issue 11: one diagram does not carry every machine). */
  readonly load: () => Promise<AnyStateMachine>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/** Every machine in machines/, the same export the app runs and the tests walk (issue 9). */
export const workflows: readonly Workflow[] = ([
  { id: 'swmsReview', title: 'SWMS dual review', governs: 'How a SWMS is checked as reviewed, and returned to For Review, by the company admin and the site supervisor independently.', load: () => import('../../../machines/swms-review.machine').then((module) => module.swmsReviewMachine) },
  { id: 'bulkSelection', title: 'Bulk selection and status change', governs: 'How rows of a list are ticked, a whole list is selected across pages, and one status is applied to all of them at once.', load: () => import('../../../machines/bulk-selection.machine').then((module) => module.bulkSelectionMachine) },
  { id: 'clientOnboarding', title: 'Client onboarding', governs: 'How a super user creates a client company and then invites its first admin.', load: () => import('../../../machines/client-onboarding.machine').then((module) => module.clientOnboardingMachine) },
  { id: 'inviteAcceptance', title: 'Invitation acceptance', governs: 'How an invited person signs in, checks the invitation and accepts the role it offers.', load: () => import('../../../machines/invite-acceptance.machine').then((module) => module.inviteAcceptanceMachine) },
  { id: 'inviteSupervisor', title: 'Inviting a supervisor or auditor', governs: 'How a company admin invites a site supervisor or an auditor and returns to the employees list.', load: () => import('../../../machines/invite-supervisor.machine').then((module) => module.inviteSupervisorMachine) },
  { id: 'invitedEmployees', title: 'Invited employees', governs: 'How pending invitations are listed and resent.', load: () => import('../../../machines/invited-employees.machine').then((module) => module.invitedEmployeesMachine) },
  { id: 'session', title: 'Session', governs: 'How a person signs in, stays signed in while the token is renewed, and signs out.', load: () => import('../../../machines/session.machine').then((module) => module.sessionMachine) },
  { id: 'signInRedirect', title: 'Where a sign-in lands', governs: 'Which page a person sees first after signing in, by invitation, role and the link they followed.', load: () => import('../../../machines/sign-in-redirect.machine').then((module) => module.signInRedirectMachine) },
  { id: 'siteEditor', title: 'Project site editor', governs: 'How a project site is created or edited, its safety plan uploaded, and a conflicting edit refused.', load: () => import('../../../machines/site-editor.machine').then((module) => module.siteEditorMachine) },
  { id: 'siteStatus', title: 'Project site status', governs: 'How one project site is moved to another status from its details page.', load: () => import('../../../machines/site-status.machine').then((module) => module.siteStatusMachine) },
  { id: 'clientList', title: 'Client list', governs: 'How the list of client companies is loaded for a search, sort and page.', load: () => import('../../../machines/client-list.machine').then((module) => module.clientListMachine) },
  { id: 'clientDetails', title: 'Client details', governs: 'How a client company is shown and, after a confirmation, deleted.', load: () => import('../../../machines/client-details.machine').then((module) => module.clientDetailsMachine) },
  { id: 'companyEditor', title: 'Company editor', governs: 'How a company profile is loaded, edited and saved.', load: () => import('../../../machines/company-editor.machine').then((module) => module.companyEditorMachine) },
  { id: 'companyForm', title: 'Company form', governs: 'How the company form knows when every field is filled in and valid.', load: () => import('../../../machines/company-form.machine').then((module) => module.companyFormMachine) },
  { id: 'fileUpload', title: 'File upload', governs: 'How a logo, safety plan or photo goes straight to storage with progress, and can be cancelled or retried.', load: () => import('../../../machines/file-upload.machine').then((module) => module.fileUploadMachine) },
  { id: 'profileEditor', title: 'Profile editor', governs: 'How a person edits and saves their own details.', load: () => import('../../../machines/profile-editor.machine').then((module) => module.profileEditorMachine) },
  { id: 'pdfExport', title: 'SWMS PDF export', governs: 'How a selection of SWMS becomes one PDF, with progress, and can be cancelled.', load: () => import('../../../machines/pdf-export.machine').then((module) => module.pdfExportMachine) },
  { id: 'siteGate', title: 'Site QR code and poster', governs: "How a site's check-in QR code is shown, its poster downloaded, and its key replaced after a warning so old posters stop working.", load: () => import('../../../machines/site-gate.machine').then((module) => module.siteGateMachine) },
  { id: 'onSite', title: 'Who is on site now', governs: 'How the people on a site are listed and kept current as they check in and out, checked out by hand after a confirmation, and printed as the evacuation list.', load: () => import('../../../machines/on-site.machine').then((module) => module.onSiteMachine) },
  { id: 'siteCheckIn', title: 'Site check-in', governs: "How a tradesperson at the site gate scans the poster, signs in, is refused while a licence is expired, confirms the site's PPE and safety plan, and checks in and out.", load: () => import('../../../machines/site-check-in.machine').then((module) => module.siteCheckInMachine) },
  { id: 'tradesProfile', title: 'Tradesperson profile', governs: 'How a tradesperson completes and keeps their profile, white card and licences, with unsaved changes kept on the phone until saved.', load: () => import('../../../machines/trades-profile.machine').then((module) => module.tradesProfileMachine) },
  { id: 'tradesHome', title: "Tradesperson's home", governs: 'How a tradesperson sees their check-ins, SWMS and licences, and checks out of a site from home.', load: () => import('../../../machines/trades-home.machine').then((module) => module.tradesHomeMachine) },
  { id: 'swmsBuilder', title: 'SWMS builder', governs: 'How a tradesperson builds a SWMS on the phone in six steps, with photos, checks it against WHS Regulation 299, and submits it, or saves it to send later when offline.', load: () => import('../../../machines/swms-builder.machine').then((module) => module.swmsBuilderMachine) },
  { id: 'swmsOutbox', title: 'SWMS outbox', governs: 'How SWMS saved on the phone while offline are sent when the connection returns, tried again with a growing wait, and kept with the message when refused.', load: () => import('../../../machines/swms-outbox.machine').then((module) => module.swmsOutboxMachine) },
] satisfies Workflow[]).map((entry) => ({ ...entry, load: once(entry.load) }));

export const workflowById = (id: string): Workflow | undefined => workflows.find((workflow) => workflow.id === id);
