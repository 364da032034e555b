import type { AnyStateMachine } from 'xstate';
import { bulkSelectionMachine } from '../../../machines/bulk-selection.machine';
import { clientDetailsMachine } from '../../../machines/client-details.machine';
import { clientListMachine } from '../../../machines/client-list.machine';
import { clientOnboardingMachine } from '../../../machines/client-onboarding.machine';
import { companyEditorMachine } from '../../../machines/company-editor.machine';
import { companyFormMachine } from '../../../machines/company-form.machine';
import { fileUploadMachine } from '../../../machines/file-upload.machine';
import { inviteAcceptanceMachine } from '../../../machines/invite-acceptance.machine';
import { inviteSupervisorMachine } from '../../../machines/invite-supervisor.machine';
import { invitedEmployeesMachine } from '../../../machines/invited-employees.machine';
import { onSiteMachine } from '../../../machines/on-site.machine';
import { pdfExportMachine } from '../../../machines/pdf-export.machine';
import { profileEditorMachine } from '../../../machines/profile-editor.machine';
import { sessionMachine } from '../../../machines/session.machine';
import { signInRedirectMachine } from '../../../machines/sign-in-redirect.machine';
import { siteCheckInMachine } from '../../../machines/site-check-in.machine';
import { siteEditorMachine } from '../../../machines/site-editor.machine';
import { siteGateMachine } from '../../../machines/site-gate.machine';
import { siteStatusMachine } from '../../../machines/site-status.machine';
import { swmsBuilderMachine } from '../../../machines/swms-builder.machine';
import { swmsOutboxMachine } from '../../../machines/swms-outbox.machine';
import { swmsReviewMachine } from '../../../machines/swms-review.machine';
import { tradesHomeMachine } from '../../../machines/trades-home.machine';
import { tradesProfileMachine } from '../../../machines/trades-profile.machine';

export interface Workflow {
  readonly machine: AnyStateMachine;
  readonly title: string;
  /** One plain-language sentence of what the machine governs. */
  readonly governs: string;
}

/** Every machine in machines/, the same export the app runs and the tests walk (issue 9). */
export const workflows: readonly Workflow[] = [
  { machine: swmsReviewMachine, title: 'SWMS dual review', governs: 'How a SWMS is checked as reviewed, and returned to For Review, by the company admin and the site supervisor independently.' },
  { machine: bulkSelectionMachine, title: 'Bulk selection and status change', governs: 'How rows of a list are ticked, a whole list is selected across pages, and one status is applied to all of them at once.' },
  { machine: clientOnboardingMachine, title: 'Client onboarding', governs: 'How a super user creates a client company and then invites its first admin.' },
  { machine: inviteAcceptanceMachine, title: 'Invitation acceptance', governs: 'How an invited person signs in, checks the invitation and accepts the role it offers.' },
  { machine: inviteSupervisorMachine, title: 'Inviting a supervisor or auditor', governs: 'How a company admin invites a site supervisor or an auditor and returns to the employees list.' },
  { machine: invitedEmployeesMachine, title: 'Invited employees', governs: 'How pending invitations are listed and resent.' },
  { machine: sessionMachine, title: 'Session', governs: 'How a person signs in, stays signed in while the token is renewed, and signs out.' },
  { machine: signInRedirectMachine, title: 'Where a sign-in lands', governs: 'Which page a person sees first after signing in, by invitation, role and the link they followed.' },
  { machine: siteEditorMachine, title: 'Project site editor', governs: 'How a project site is created or edited, its safety plan uploaded, and a conflicting edit refused.' },
  { machine: siteStatusMachine, title: 'Project site status', governs: 'How one project site is moved to another status from its details page.' },
  { machine: clientListMachine, title: 'Client list', governs: 'How the list of client companies is loaded for a search, sort and page.' },
  { machine: clientDetailsMachine, title: 'Client details', governs: 'How a client company is shown and, after a confirmation, deleted.' },
  { machine: companyEditorMachine, title: 'Company editor', governs: 'How a company profile is loaded, edited and saved.' },
  { machine: companyFormMachine, title: 'Company form', governs: 'How the company form knows when every field is filled in and valid.' },
  { machine: fileUploadMachine, title: 'File upload', governs: 'How a logo, safety plan or photo goes straight to storage with progress, and can be cancelled or retried.' },
  { machine: profileEditorMachine, title: 'Profile editor', governs: 'How a person edits and saves their own details.' },
  { machine: pdfExportMachine, title: 'SWMS PDF export', governs: 'How a selection of SWMS becomes one PDF, with progress, and can be cancelled.' },
  { machine: siteGateMachine, title: 'Site QR code and poster', governs: "How a site's check-in QR code is shown, its poster downloaded, and its key replaced after a warning so old posters stop working." },
  { machine: onSiteMachine, title: 'Who is on site now', governs: 'How the people on a site are listed and kept current as they check in and out, checked out by hand after a confirmation, and printed as the evacuation list.' },
  { machine: siteCheckInMachine, title: 'Site check-in', governs: "How a tradesperson at the site gate scans the poster, signs in, is refused while a licence is expired, confirms the site's PPE and safety plan, and checks in and out." },
  { machine: tradesProfileMachine, title: 'Tradesperson profile', governs: 'How a tradesperson completes and keeps their profile, white card and licences, with unsaved changes kept on the phone until saved.' },
  { machine: tradesHomeMachine, title: "Tradesperson's home", governs: 'How a tradesperson sees their check-ins, SWMS and licences, and checks out of a site from home.' },
  { machine: swmsBuilderMachine, title: 'SWMS builder', governs: 'How a tradesperson builds a SWMS on the phone in six steps, with photos, checks it against WHS Regulation 299, and submits it, or saves it to send later when offline.' },
  { machine: swmsOutboxMachine, title: 'SWMS outbox', governs: 'How SWMS saved on the phone while offline are sent when the connection returns, tried again with a growing wait, and kept with the message when refused.' },
];

export const workflowById = (id: string): Workflow | undefined => workflows.find((workflow) => workflow.machine.id === id);
