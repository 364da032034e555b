import type { ComponentType, SVGProps } from 'react';
import { workflowReaders } from '../../../machines/route-access.selectors';
import type { Role } from '../../domain/roles';
import { BriefcaseIcon, BuildingIcon, ClipboardCheckIcon, FlowIcon, MapPinIcon, ShieldIcon, UserIcon, UsersIcon } from '../../ui/icons';

export interface NavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: ComponentType<SVGProps<SVGSVGElement>>;
  readonly end?: boolean;
}

interface NavEntry {
  readonly label: string;
  readonly roles: readonly Role[];
  readonly needsCompany: boolean;
  readonly path: (companyId: string, userId: string) => string;
  readonly icon: NavItem['icon'];
  readonly end?: boolean;
}

/** Spec §2 'Side navigation': which role sees which entry. */
const entries: readonly NavEntry[] = [
  { label: 'Clients', roles: ['SuperUser'], needsCompany: false, path: () => '/clients', icon: BriefcaseIcon },
  { label: 'Home', roles: ['TradesPerson'], needsCompany: false, path: (_, userId) => `/trades/${encodeURIComponent(userId)}`, icon: MapPinIcon, end: true },
  { label: 'Audit Trail', roles: ['CompanyAuditor'], needsCompany: true, path: (id) => `/company/${id}/audit`, icon: ShieldIcon },
  { label: 'Projects', roles: ['CompanyAdmin', 'CompanyAuditor'], needsCompany: true, path: (id) => `/company/${id}/projectsites`, icon: MapPinIcon },
  { label: 'Employees', roles: ['CompanyAdmin'], needsCompany: true, path: (id) => `/company/${id}/employees`, icon: UsersIcon },
  {
    label: 'SWMS',
    roles: ['CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor'],
    needsCompany: true,
    path: (id) => `/company/${id}/swms`,
    icon: ClipboardCheckIcon,
  },
  { label: 'Company Profile', roles: ['CompanyAdmin'], needsCompany: true, path: (id) => `/company/${id}`, icon: BuildingIcon, end: true },
  { label: 'Audit Trail', roles: ['CompanyAdmin'], needsCompany: true, path: (id) => `/company/${id}/audit`, icon: ShieldIcon },
  { label: 'Workflows', roles: workflowReaders, needsCompany: false, path: () => '/workflows', icon: FlowIcon },
  {
    label: 'My Profile',
    roles: ['SuperUser', 'CompanyAdmin', 'CompanySupervisor'],
    needsCompany: false,
    path: () => '/profile',
    icon: UserIcon,
  },
  { label: 'My Profile', roles: ['TradesPerson'], needsCompany: false, path: (_, userId) => `/trades/${encodeURIComponent(userId)}/edit`, icon: UserIcon },
];

/** A person holding several roles sees each label once, from the first entry that offers it. */
export function navItemsFor(roles: readonly Role[], companyId: string | null, userId: string | null = null): NavItem[] {
  const items = entries
    .filter((entry) => entry.roles.some((role) => roles.includes(role)))
    .filter((entry) => !entry.needsCompany || companyId !== null)
    .map((entry) => ({ label: entry.label, to: entry.path(companyId ?? '', userId ?? ''), icon: entry.icon, end: entry.end ?? false }));
  return items.filter((item, index) => items.findIndex((other) => other.label === item.label) === index);
}
