import { useParams } from 'react-router-dom';
import { CompanyEditor } from '../../flows/company-form/company-editor';
import { Page } from '../../ui/page';
import { clientText } from './strings';

/** Spec §2 /clients/{clientId}/edit: 'Edit Client', the company form prefilled. */
export function EditClientPage() {
  const clientId = useParams().clientId ?? '';
  return (
    <Page>
      <CompanyEditor
        key={clientId}
        companyId={clientId}
        backTo={`/clients/${encodeURIComponent(clientId)}`}
        title={clientText.edit}
        notFound={clientText.notFound}
        listTo="/clients"
        listLabel={clientText.backToList}
      />
    </Page>
  );
}
