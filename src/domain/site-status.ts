import { Schema } from 'effect';

export const siteStatuses = ['ongoing', 'on_hold', 'completed', 'cancelled'] as const;
export type SiteStatus = (typeof siteStatuses)[number];
export const SiteStatusSchema = Schema.Literals(siteStatuses);

export const siteStatusLabels: Record<SiteStatus, string> = {
  ongoing: 'Ongoing',
  on_hold: 'On Hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
