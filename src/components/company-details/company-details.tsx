import type { ReactNode } from 'react';
import type { Company } from '../../domain/company';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { CompanyLogo } from './company-logo';
import { formatAbn } from '../../domain/format-abn';
import { companyDetailsText } from './strings';
import './company-details.css';

export interface CompanyDetailsProps {
  readonly company: Company;
  /** Buttons beside the company name, e.g. 'Edit Information'. */
  readonly actions?: ReactNode;
}

/** Spec §2 client details and Company Profile: ABN, registration, office contacts, addresses and logo. */
export function CompanyDetails({ company, actions }: CompanyDetailsProps) {
  return (
    <Card aria-labelledby="company-details-name" className="company-details">
      <CardHeader>
        <div className="company-details-identity">
          <CompanyLogo url={company.image?.url} alt={company.image ? companyDetailsText.logoOf(company.name) : ''} size="lg" />
          <CardTitle id="company-details-name">{company.name}</CardTitle>
        </div>
        {actions ? <div className="company-details-actions">{actions}</div> : null}
      </CardHeader>
      <CardContent>
        <DetailList>
          <DetailItem label={companyDetailsText.abn}>{formatAbn(company.abn)}</DetailItem>
          <DetailItem label={companyDetailsText.buildersRegNumber}>{company.buildersRegNumber}</DetailItem>
          <DetailItem label={companyDetailsText.phone}>
            <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
          </DetailItem>
          <DetailItem label={companyDetailsText.email}>
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </DetailItem>
          <DetailItem label={companyDetailsText.address}>{company.address}</DetailItem>
          <DetailItem label={companyDetailsText.postalAddress}>{company.postalAddress}</DetailItem>
          {company.image ? null : (
            <DetailItem label={companyDetailsText.logo}>
              <span className="muted">{companyDetailsText.noLogo}</span>
            </DetailItem>
          )}
        </DetailList>
      </CardContent>
    </Card>
  );
}
