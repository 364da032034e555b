import { format, isSameDay } from 'date-fns';
import { formatActivity } from '../../domain/dates';
import type { ProjectSite } from '../../domain/project-site';
import { siteTimeZone } from '../../domain/site-time-zone';

/** The site's own clock (issue 10: site time), as the evacuation PDF prints it. */
export const siteTimeZoneOf = (site: Pick<ProjectSite, 'postcode'>): string => siteTimeZone(site.postcode);

/** en-AU hour and minute on the site's clock, e.g. '07:30'. */
export function formatSiteTime(value: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(new Date(value));
}

/** Spec §9 date and time (en-AU) on the site's clock. */
export function formatSiteDateTime(value: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(new Date(value));
}

const fileSafe = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const posterFileName = (site: Pick<ProjectSite, '_id' | 'siteNumber'>): string => `site-poster-${fileSafe(site.siteNumber) || site._id}.pdf`;

export const evacuationFileName = (site: Pick<ProjectSite, '_id' | 'siteNumber'>): string => `evacuation-list-${fileSafe(site.siteNumber) || site._id}.pdf`;

/** A check-out in the site's check-ins list: the time alone when it ended the day it began, else the whole date (spec §9 activity format). */
export function formatTimeOut(checkedInAt: string, checkedOutAt: string): string {
  const outAt = new Date(checkedOutAt);
  return isSameDay(new Date(checkedInAt), outAt) ? format(outAt, 'HH:mm') : formatActivity(outAt);
}
