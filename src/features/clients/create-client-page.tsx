import { CompanyForm } from '../../flows/company-form/company-form';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { BackLink, LoadingState } from '../../ui/status';
import { clientText } from './strings';
import { useClientOnboarding } from './use-client-onboarding';
import './clients.css';

/** Spec §2 /clients/create: step one of onboarding; Next creates the client (or, back from step two, updates it) and goes on to 'Create Admin User'. */
export function CreateClientPage() {
  const flow = useClientOnboarding();
  return (
    <Page>
      <PageTitle>{clientText.create}</PageTitle>
      <PageToolbar>
        <BackLink to="/clients" />
        <span className="step-label">{clientText.stepCompany}</span>
      </PageToolbar>
      {flow.loading ? (
        <LoadingState />
      ) : (
        <CompanyForm
          initial={flow.values}
          currentLogo={flow.existing?.image ?? null}
          submitLabel={clientText.next}
          busy={flow.busy}
          error={flow.error}
          saved={flow.saved}
          cancelTo="/clients"
          onSubmit={flow.submit}
          onLogoChange={flow.logoChanged}
        />
      )}
    </Page>
  );
}
