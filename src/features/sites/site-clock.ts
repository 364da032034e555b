import type { ProjectSite } from '../../domain/project-site';

const fileSafe = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const posterFileName = (site: Pick<ProjectSite, '_id' | 'siteNumber'>): string => `site-poster-${fileSafe(site.siteNumber) || site._id}.pdf`;

export const evacuationFileName = (site: Pick<ProjectSite, '_id' | 'siteNumber'>): string => `evacuation-list-${fileSafe(site.siteNumber) || site._id}.pdf`;
