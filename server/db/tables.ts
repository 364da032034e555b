import type { ColumnType, Generated } from 'kysely';
import type { SiteTimeZone } from '../../src/domain/site-time-zone';
import type { ReviewFlag } from '../../src/domain/swms';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface FilesTable {
  id: string;
  file_key: string;
  friendly_name: string;
  type: 'photo' | 'companyProfile' | 'siteSafetyPlan' | 'termsConditions';
  created_by: string | null;
  created_at: Timestamp;
  /** The blob's size, noted once its upload URL has expired; null before. */
  stored_bytes: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RetiredFileKeysTable {
  file_key: string;
  remove_after: Timestamp;
}

export interface CompaniesTable {
  id: string;
  name: string;
  abn: string;
  builders_reg_number: string;
  phone: string;
  email: string;
  address: string;
  postal_address: string;
  image_file_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** Issue 11 (migration 038): the client's own list fields as JSON object members; a trigger writes them with the row. */
  list_fields: ColumnType<string, never, never>;
}

export interface UsersTable {
  id: string;
  email: string;
  first_name: Generated<string>;
  surname: Generated<string>;
  contact_email: Generated<string>;
  phone: Generated<string>;
  emergency_contact_name: Generated<string>;
  emergency_contact_phone: Generated<string>;
  trade_qualifications: Generated<string>;
  whitecard_number: Generated<string>;
  whitecard_photo_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  email: string;
  created_at: Timestamp;
}

export type StoredRole = 'SuperUser' | 'CompanyAdmin' | 'CompanySupervisor' | 'CompanyAuditor' | 'TradesPerson';

export interface UserRolesTable {
  id: string;
  user_id: string;
  company_id: string | null;
  role: StoredRole;
  status: ColumnType<'active' | 'invited' | 'revoked', 'active' | 'invited' | 'revoked' | undefined>;
  created_at: Timestamp;
  accepted_at: NullableTimestamp;
}

export interface InvitesTable {
  id: string;
  user_role_id: string;
  code_hash: string;
  email: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  voided_at: NullableTimestamp;
}

export interface ProjectSitesTable {
  id: string;
  company_id: string;
  address: string;
  suburb: string;
  postcode: string;
  site_number: string;
  client_name: string;
  /** Issue 55 §3 (migration 039): the zone of the site's clock; an insert without one takes its postcode's. */
  time_zone: ColumnType<SiteTimeZone, SiteTimeZone | undefined, SiteTimeZone>;
  supervisor_role_id: string | null;
  site_safety_plan_file_id: string | null;
  ppe: ColumnType<string[], string[] | undefined, string[]>;
  other_ppe: Generated<string>;
  status: ColumnType<'ongoing' | 'on_hold' | 'completed' | 'cancelled', 'ongoing' | 'on_hold' | 'completed' | 'cancelled' | undefined>;
  version: Generated<number>;
  /** Issue 10: the secret in the site's QR poster. */
  site_key: Generated<string>;
  /** Issue 11 (migration 023): the name of the site's supervisor while their role is active, lower-cased; triggers write it. */
  supervisor_search: ColumnType<string, never, never>;
  /** Issue 11 (migrations 016 and 023): what the site list's search looks in, lower-cased; the database writes it. */
  search_text: ColumnType<string, never, never>;
  /** Issue 11 (migration 037): the site's own list fields as JSON object members; a trigger writes them with the row. */
  list_fields: ColumnType<string, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SwmsTable {
  id: string;
  company_id: string;
  site_id: string;
  created_by: string;
  created_at: Timestamp;
  high_risk_work: ColumnType<string[], string[] | undefined, string[]>;
  risk_consequence_level: number;
  risk_likelihood_level: number;
  risk_overall_level: number;
  task_description: string;
  mobile_plant_tools: Generated<string>;
  risk_text: Generated<string>;
  risk_photo_file_id: string | null;
  control_text: Generated<string>;
  control_photo_file_id: string | null;
  control_implementation: Generated<string>;
  control_monitoring: Generated<string>;
  control_review: Generated<string>;
  ppe: ColumnType<string[], string[] | undefined, string[]>;
  other_ppe: Generated<string>;
  company_admin_reviewed_at: NullableTimestamp;
  company_admin_reviewed_by: string | null;
  supervisor_reviewed_at: NullableTimestamp;
  supervisor_reviewed_by: string | null;
  /** Migration 042: each flag's request for changes (cleared when the flag is reviewed or returned for review). */
  company_admin_changes_requested_at: NullableTimestamp;
  company_admin_changes_requested_by: string | null;
  supervisor_changes_requested_at: NullableTimestamp;
  supervisor_changes_requested_by: string | null;
  /** Set by the database from the site's job number (migration 009); never written by the app. */
  site_sort: ColumnType<string, never, never>;
  /** Migration 043: the number of the latest revision, whose content the row holds. */
  revision: Generated<number>;
}

/** Migration 043: each revision's content as submitted; the database refuses to change or delete a row. */
export interface SwmsRevisionsTable {
  swms_id: string;
  revision: number;
  /** The id the phone drafted the revision with; revision 1's is the SWMS's id. */
  submission_id: string;
  company_id: string;
  site_id: string;
  created_by: string;
  created_at: Generated<Date>;
  high_risk_work: string[];
  risk_consequence_level: number;
  risk_likelihood_level: number;
  risk_overall_level: number;
  task_description: string;
  mobile_plant_tools: string;
  risk_text: string;
  risk_photo_file_id: string | null;
  control_text: string;
  control_photo_file_id: string | null;
  control_implementation: string;
  control_monitoring: string;
  control_review: string;
  ppe: string[];
  other_ppe: string;
}

export type SignOnKind = 'drawn' | 'typed' | 'authored';

/**
 * Migration 045: a worker's sign-on to one revision of a SWMS, append-only (the database refuses UPDATE and DELETE).
 * The author's is written by the database with each revision ('authored'); a worker signs a revision once.
 */
export interface SwmsSignOnsTable {
  id: Generated<string>;
  swms_id: string;
  revision: number;
  site_id: string;
  company_id: string;
  user_id: string;
  signed_at: Timestamp;
  signature_kind: SignOnKind;
  /** A drawn signature's PNG as a data URL, or the typed full name; null when authored. */
  signature: string | null;
}

/** Migration 009: SWMS counts per company, site and submitter, kept by the swms table's triggers. */
export interface SwmsCountsTable {
  company_id: string;
  dimension: 'company' | 'site' | 'submitter';
  key: string;
  total: number;
  admin_pending: number;
  supervisor_pending: number;
  /** Migration 042: how many have changes requested on each flag (not counted as pending). */
  admin_changes: number;
  supervisor_changes: number;
  /**
   * Migration 017: a submitter row's lower-cased full name; migration 032: a site row's lower-cased address. Written by
   * triggers only (null on the company's row).
   */
  search_text: ColumnType<string | null, never, never>;
  /** Migration 032: a site row's lower-cased job number, written by triggers only (null on other rows). */
  search_job: ColumnType<string | null, never, never>;
}

/** Migration 021: the SWMS awaiting each review flag, kept by the swms table's triggers; never written by the app. */
export interface SwmsAwaitingReviewTable {
  flag: ColumnType<ReviewFlag, never, never>;
  id: ColumnType<string, never, never>;
  company_id: ColumnType<string, never, never>;
  created_at: ColumnType<Date, never, never>;
  site_sort: ColumnType<string, never, never>;
  /** Migration 031: the SWMS's submitter and site, for a search's For Review count. */
  created_by: ColumnType<string, never, never>;
  site_id: ColumnType<string, never, never>;
}

/** Migration 042: a reviewer's request for changes, append-only (the database refuses UPDATE and DELETE). */
export interface SwmsCommentsTable {
  id: string;
  swms_id: string;
  company_id: string;
  author_user_id: string;
  flag: ReviewFlag;
  created_at: Generated<Date>;
  text: string;
  part: string | null;
  revision: Generated<number>;
}

/** Migration 009: live clients and each company's sites per status, kept by triggers. */
export interface ListCountsTable {
  list: 'clients' | 'sites';
  scope: string;
  bucket: string;
  n: number;
}

export interface CheckInsTable {
  id: string;
  site_id: string;
  user_id: string;
  created_at: Timestamp;
  checked_out_at: NullableTimestamp;
  checkout_kind: ColumnType<'self' | 'manual' | 'automatic' | null, 'self' | 'manual' | 'automatic' | null | undefined>;
  checked_out_by: ColumnType<string | null, string | null | undefined>;
  ppe_confirmed: Generated<boolean>;
  safety_plan_acknowledged: Generated<boolean>;
}

export interface LicencesTable {
  id: string;
  user_id: string;
  position: number;
  licence_class: string;
  number: string;
  /** yyyy-mm-dd (read back as a string, see db/database.ts type parsers) */
  expires_on: ColumnType<string, string, string>;
  photo_file_id: string | null;
  created_at: Timestamp;
}

export interface ReviewDigestItemsTable {
  id: string;
  recipient_user_id: string;
  company_id: string;
  swms_id: string;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export interface AuthCodesTable {
  code_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface MailboxTable {
  id: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  created_at: Timestamp;
}

export interface AuditEventsTable {
  id: string;
  actor_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
  /** Set by the database when the writer leaves it out: the company of what the event acted on. */
  company_id: ColumnType<string | null, string | null | undefined, never>;
  actor_role: ColumnType<string | null, string | null | undefined, never>;
  target_label: ColumnType<string | null, string | null | undefined, never>;
  request_id: ColumnType<string | null, string | null | undefined, never>;
  /** The chain links, written by the database's insert trigger only. */
  chain: ColumnType<string, never, never>;
  seq: ColumnType<number, never, never>;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
  /** Migration 033: the action, target label and detail as one lower-cased text, generated by the database. */
  search_text: ColumnType<string, never, never>;
}

export interface AuditVerificationsTable {
  chain: string;
  verified_at: Timestamp;
  events: number;
  head_hash: string;
  broken_event_id: string | null;
  broken_reason: string | null;
}

export interface AuditChainHeadsTable {
  chain: string;
  seq: number;
  hash: string;
  updated_at: Timestamp;
}

export interface ServerKeysTable {
  name: string;
  secret: string;
  created_at: Timestamp;
}

export interface OidcRecordsTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: NullableTimestamp;
}

/** Migration 011: one rate-limit bucket (a limited call and a client address or account) per row. */
export interface RateLimitsTable {
  bucket: string;
  hits: number;
  resets_at: Timestamp;
}

export interface Database {
  files: FilesTable;
  retired_file_keys: RetiredFileKeysTable;
  companies: CompaniesTable;
  users: UsersTable;
  identities: IdentitiesTable;
  user_roles: UserRolesTable;
  invites: InvitesTable;
  project_sites: ProjectSitesTable;
  swms: SwmsTable;
  swms_counts: SwmsCountsTable;
  swms_awaiting_review: SwmsAwaitingReviewTable;
  swms_comments: SwmsCommentsTable;
  swms_revisions: SwmsRevisionsTable;
  swms_signons: SwmsSignOnsTable;
  list_counts: ListCountsTable;
  check_ins: CheckInsTable;
  licences: LicencesTable;
  review_digest_items: ReviewDigestItemsTable;
  auth_codes: AuthCodesTable;
  refresh_tokens: RefreshTokensTable;
  mailbox: MailboxTable;
  audit_events: AuditEventsTable;
  server_keys: ServerKeysTable;
  audit_chain_heads: AuditChainHeadsTable;
  audit_verifications: AuditVerificationsTable;
  oidc_records: OidcRecordsTable;
  rate_limits: RateLimitsTable;
}

export type MailDeliveryStatus = 'sending' | 'sent' | 'retrying' | 'failed';

export interface MailDeliveriesTable {
  id: string;
  kind: 'invitation' | 'review_digest' | 'changes_requested' | 'signon_stale';
  invite_id: string | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  status: ColumnType<MailDeliveryStatus, MailDeliveryStatus | undefined, MailDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: NullableTimestamp;
}

// Issue 12's mail queue (migration 012), merged into Database above.
export interface Database {
  mail_deliveries: MailDeliveriesTable;
}
