import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Company } from '../../domain/company';
import { CompanyLogo } from '../../components/company-details/company-logo';
import { formatAbn } from '../../domain/format-abn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { clientText } from './strings';

const clientPath = (company: Pick<Company, '_id'>) => `/clients/${encodeURIComponent(company._id)}`;

/** A click anywhere on a row opens the client; the name is the row's real link for keyboards and screen readers. */
export function ClientTable({ clients, busy }: { readonly clients: readonly Company[]; readonly busy: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  const openRow = (event: MouseEvent, company: Company) => {
    if ((event.target as HTMLElement).closest('a, button') || window.getSelection()?.toString()) return;
    navigate(clientPath(company), { state: { from } });
  };

  return (
    <Table cards aria-busy={busy || undefined} className="client-table">
      <TableHeader>
        <TableRow>
          <TableHead>{clientText.companyName}</TableHead>
          <TableHead>{clientText.abn}</TableHead>
          <TableHead>{clientText.officeAddress}</TableHead>
          <TableHead className="client-count">{clientText.userCount}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {clients.map((company) => (
          <TableRow key={company._id} className="client-row" onClick={(event) => openRow(event, company)}>
            <TableCell data-card="title">
              <Link to={clientPath(company)} state={{ from }} className="client-name">
                <CompanyLogo url={company.image?.url} size="sm" />
                <span>{company.name}</span>
              </Link>
            </TableCell>
            <TableCell className="client-abn" data-label={clientText.abn}>{formatAbn(company.abn)}</TableCell>
            <TableCell data-label={clientText.officeAddress}>{company.address}</TableCell>
            <TableCell className="client-count" data-label={clientText.userCount}>
              {company.userCount}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
