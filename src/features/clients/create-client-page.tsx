import { CompanyForm } from '../../components/company-form/company-form';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { BackLink } from '../../ui/status';
import { clientText } from './strings';
import { useClientOnboarding } from './use-client-onboarding';
import './clients.css';

/** Spec §2 /clients/create: step one of onboarding; Next creates the client and goes on to 'Create Admin User'. */
export function CreateClientPage() {
  const flow = useClientOnboarding();
  return (
    <Page>
      <PageTitle>{clientText.create}</PageTitle>
      <PageToolbar>
        <BackLink to="/clients" />
        <span className="step-label">{clientText.stepCompany}</span>
      </PageToolbar>
      <CompanyForm
        initial={flow.values}
        submitLabel={clientText.next}
        busy={flow.busy}
        error={flow.error}
        cancelTo="/clients"
        onSubmit={flow.submit}
        onLogoChange={flow.logoChanged}
      />
    </Page>
  );
}
