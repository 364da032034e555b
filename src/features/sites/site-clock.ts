import { clockTime, formatActivity, isSameDay } from '../../domain/dates';
import type { ProjectSite } from '../../domain/project-site';
import { siteTimeZone } from '../../domain/site-time-zone';

/** The site's own clock (issue 10: site time), as the evacuation PDF prints it. */
export const siteTimeZoneOf = (site: Pick<ProjectSite, 'postcode'>): string => siteTimeZone(site.postcode);

const fileSafe = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const posterFileName = (site: Pick<ProjectSite, '_id' | 'siteNumber'>): string => `site-poster-${fileSafe(site.siteNumber) || site._id}.pdf`;

export const evacuationFileName = (site: Pick<ProjectSite, '_id' | 'siteNumber'>): string => `evacuation-list-${fileSafe(site.siteNumber) || site._id}.pdf`;

/** A check-out in the site's check-ins list: the time alone when it ended the day it began, else the whole date (spec §9 activity format). */
export function formatTimeOut(checkedInAt: string, checkedOutAt: string): string {
  const outAt = new Date(checkedOutAt);
  return isSameDay(new Date(checkedInAt), outAt) ? clockTime(outAt) : formatActivity(outAt);
}
