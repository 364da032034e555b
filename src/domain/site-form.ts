import { decode, fieldErrors } from './decode';
import { ProjectSiteInput, type ProjectSite, type SiteSafetyPlanReference } from './project-site';
import type { Ppe } from './ppe';
import { siteTimeZone, type SiteTimeZone } from './site-time-zone';

export const siteTextFields = ['address', 'suburb', 'postcode', 'siteNumber', 'clientName', 'otherPpe'] as const;
export type SiteTextField = (typeof siteTextFields)[number];
export type SiteField = SiteTextField | 'timeZone' | 'supervisor' | 'ppe' | 'siteSafetyPlan';

export interface SiteFormValues extends Record<SiteTextField, string> {
  readonly timeZone: SiteTimeZone;
  readonly ppe: readonly Ppe[];
  /** undefined: not chosen in this form (spec §3: the edit prefill leaves the supervisor out); null: Unallocated. */
  readonly supervisor: string | null | undefined;
  readonly siteSafetyPlan: SiteSafetyPlanReference | null;
}

export const blankSiteForm: SiteFormValues = {
  address: '',
  suburb: '',
  postcode: '',
  siteNumber: '',
  clientName: '',
  otherPpe: '',
  timeZone: siteTimeZone(''),
  ppe: [],
  supervisor: undefined,
  siteSafetyPlan: null,
};

/** Spec §3: the prefill of an edit, without the supervisor's id, name and details. */
export function formValuesOf(site: ProjectSite): SiteFormValues {
  const plan = site.siteSafetyPlan;
  return {
    address: site.address,
    suburb: site.suburb,
    postcode: site.postcode,
    siteNumber: site.siteNumber,
    clientName: site.clientName,
    otherPpe: site.otherPpe,
    timeZone: site.timeZone,
    ppe: site.ppe,
    supervisor: undefined,
    siteSafetyPlan: plan ? { friendlyName: plan.friendlyName, fileKey: plan.fileKey, type: plan.type } : null,
  };
}

/**
 * Issue 55 §3: a new postcode, and the time zone with it while the zone is still the one the old postcode gave
 * (not chosen by hand).
 */
export function withPostcode(values: SiteFormValues, postcode: string): SiteFormValues {
  const follows = values.timeZone === siteTimeZone(values.postcode);
  return { ...values, postcode, timeZone: follows ? siteTimeZone(postcode) : values.timeZone };
}

/** The body as the form would send it; a supervisor not chosen here is left out, so the server keeps it. */
function siteInputOf(values: SiteFormValues): Record<string, unknown> {
  const { supervisor, ...rest } = values;
  return supervisor === undefined ? rest : { ...rest, supervisor };
}

/** Whether two fillings of the form say the same (typing a value and deleting it again changes nothing). */
export function sameSiteForm(a: SiteFormValues, b: SiteFormValues): boolean {
  return (
    siteTextFields.every((field) => a[field] === b[field]) &&
    a.supervisor === b.supervisor &&
    a.siteSafetyPlan?.fileKey === b.siteSafetyPlan?.fileKey &&
    a.ppe.length === b.ppe.length &&
    a.ppe.every((item) => b.ppe.includes(item))
  );
}

export type SiteFormErrors = Partial<Record<SiteField, string>>;

/** Spec §5 project site form, checked by the same `ProjectSiteInput` schema as the server. */
export function checkSiteForm(values: SiteFormValues): { readonly input: ProjectSiteInput | null; readonly errors: SiteFormErrors } {
  const decoded = decode(ProjectSiteInput, siteInputOf(values));
  if (decoded.ok) return { input: decoded.value, errors: {} };
  const errors: SiteFormErrors = {};
  for (const [path, message] of Object.entries(fieldErrors(decoded.issues))) {
    const field = path.split('.')[0] as SiteField;
    errors[field] ??= message;
  }
  return { input: null, errors };
}
