import { useParams } from 'react-router-dom';
import { CompanyEditor } from '../../components/company-form/company-editor';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { BackLink } from '../../ui/status';
import { clientText } from './strings';

/** Spec §2 /clients/{clientId}/edit: 'Edit Client', the company form prefilled. */
export function EditClientPage() {
  const clientId = useParams().clientId ?? '';
  const backTo = `/clients/${encodeURIComponent(clientId)}`;
  return (
    <Page>
      <PageTitle>{clientText.edit}</PageTitle>
      <PageToolbar>
        <BackLink to={backTo} />
      </PageToolbar>
      <CompanyEditor key={clientId} companyId={clientId} backTo={backTo} />
    </Page>
  );
}
