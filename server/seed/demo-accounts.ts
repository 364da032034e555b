import type { StoredRole } from '../db/tables';

/** The two demo client companies; `key` ties accounts, sites and tradespeople to one of them. */
export type DemoCompanyKey = 'harbour' | 'ridgeline';

export const demoCompanyNames: Record<DemoCompanyKey, string> = {
  harbour: 'Harbour Build Co',
  ridgeline: 'Ridgeline Constructions',
};

/**
 * One demo account with a complete profile (spec §5 profile edit: every field filled, a valid
 * contact email, numeric phones; supervisors also carry business details).
 */
export interface DemoAccount {
  /** The sign-in email; the README and the browser tests rely on it. */
  readonly email: string;
  readonly firstName: string;
  readonly surname: string;
  readonly role: StoredRole;
  /** The label of spec §3 Roles. */
  readonly roleLabel: 'Super User' | 'Admin' | 'Supervisor' | 'Auditor' | 'Trades Person';
  /** The employer of an admin or a supervisor; tradespeople and the super user belong to no company. */
  readonly company: DemoCompanyKey | null;
  readonly companyName: string | null;
  readonly phone: string;
  readonly emergencyContactName: string;
  readonly emergencyContactPhone: string;
  /** Supervisors and tradespeople; empty for the others. */
  readonly tradeQualifications: string;
  readonly whitecardNumber: string;
  /** Tradespeople only: the trade their SWMS come from, and the company whose sites they work on. */
  readonly trade: DemoTrade | null;
  readonly worksWith: DemoCompanyKey | null;
}

export type DemoTrade = 'electrician' | 'plumber' | 'carpenter' | 'scaffolder' | 'concreter' | 'roofer' | 'excavation' | 'steelFixer';

type Optional = 'tradeQualifications' | 'whitecardNumber' | 'trade' | 'worksWith';
type Person = Omit<DemoAccount, 'roleLabel' | 'companyName' | Optional> & Partial<Pick<DemoAccount, Optional>>;

const roleLabels: Record<StoredRole, DemoAccount['roleLabel']> = {
  SuperUser: 'Super User',
  CompanyAdmin: 'Admin',
  CompanySupervisor: 'Supervisor',
  CompanyAuditor: 'Auditor',
  TradesPerson: 'Trades Person',
};

const account = (person: Person): DemoAccount => ({
  tradeQualifications: '',
  whitecardNumber: '',
  trade: null,
  worksWith: null,
  ...person,
  roleLabel: roleLabels[person.role],
  companyName: person.company === null ? null : demoCompanyNames[person.company],
});

/** Every demo account, in the order the development sign-in page lists them. */
export const demoAccounts: readonly DemoAccount[] = [
  account({
    email: 'super@sitesafe.demo', firstName: 'Samantha', surname: 'Whitfield', role: 'SuperUser', company: null,
    phone: '0411283756', emergencyContactName: 'Greg Whitfield', emergencyContactPhone: '0422917340',
  }),

  account({
    email: 'admin@harbourbuild.demo', firstName: 'Olivia', surname: 'Bennett', role: 'CompanyAdmin', company: 'harbour',
    phone: '0413552908', emergencyContactName: 'James Bennett', emergencyContactPhone: '0438106274',
  }),
  account({
    email: 'supervisor@harbourbuild.demo', firstName: 'Marcus', surname: 'Reid', role: 'CompanySupervisor', company: 'harbour',
    phone: '0407318842', emergencyContactName: 'Leanne Reid', emergencyContactPhone: '0419664021',
    tradeQualifications: 'Certificate IV in Building and Construction; NSW Supervisor Certificate 217904S',
    whitecardNumber: 'CGI0784512',
  }),
  account({
    email: 'supervisor2@harbourbuild.demo', firstName: 'Priya', surname: 'Sharma', role: 'CompanySupervisor', company: 'harbour',
    phone: '0432870165', emergencyContactName: 'Rohan Sharma', emergencyContactPhone: '0401552987',
    tradeQualifications: 'Diploma of Building and Construction (Building); First Aid HLTAID011',
    whitecardNumber: 'CGI1193076',
  }),
  account({
    email: 'auditor@harbourbuild.demo', firstName: 'Grace', surname: 'Nakamura', role: 'CompanyAuditor', company: 'harbour',
    phone: '0418064229', emergencyContactName: 'Ken Nakamura', emergencyContactPhone: '0427581903',
    tradeQualifications: 'Certificate IV in Work Health and Safety; Diploma of WHS',
  }),

  account({
    email: 'admin@ridgeline.demo', firstName: 'Daniel', surname: 'Kowalski', role: 'CompanyAdmin', company: 'ridgeline',
    phone: '0448213690', emergencyContactName: 'Anna Kowalski', emergencyContactPhone: '0417340582',
  }),
  account({
    email: 'supervisor@ridgeline.demo', firstName: 'Jessica', surname: 'Thompson', role: 'CompanySupervisor', company: 'ridgeline',
    phone: '0423907714', emergencyContactName: 'Mark Thompson', emergencyContactPhone: '0409218455',
    tradeQualifications: 'QBCC Site Supervisor (Medium Rise) licence 15208734; Certificate IV in Building and Construction',
    whitecardNumber: 'QLD-WHS-482915',
  }),
  account({
    email: 'supervisor2@ridgeline.demo', firstName: 'Tane', surname: 'Walker', role: 'CompanySupervisor', company: 'ridgeline',
    phone: '0456128093', emergencyContactName: 'Mere Walker', emergencyContactPhone: '0437702618',
    tradeQualifications: 'Carpenter (Certificate III in Carpentry); QBCC Site Supervisor licence 15316620',
    whitecardNumber: 'QLD-WHS-517038',
  }),

  account({
    email: 'tradie1@trades.demo', firstName: 'Liam', surname: 'Murphy', role: 'TradesPerson', company: null, worksWith: 'harbour', trade: 'electrician',
    phone: '0412604937', emergencyContactName: 'Sinead Murphy', emergencyContactPhone: '0425118306',
    tradeQualifications: 'Electrician, NSW Contractor Licence 284619C; Certificate III in Electrotechnology',
    whitecardNumber: 'CGI0962337',
  }),
  account({
    email: 'tradie2@trades.demo', firstName: 'Chloe', surname: 'Tran', role: 'TradesPerson', company: null, worksWith: 'harbour', trade: 'plumber',
    phone: '0431275540', emergencyContactName: 'Minh Tran', emergencyContactPhone: '0403861127',
    tradeQualifications: 'Licensed plumber and drainer, NSW Contractor Licence 301455C',
    whitecardNumber: 'CGI1027458',
  }),
  account({
    email: 'tradie3@trades.demo', firstName: 'Ben', surname: 'Hughes', role: 'TradesPerson', company: null, worksWith: 'harbour', trade: 'carpenter',
    phone: '0418930276', emergencyContactName: 'Kylie Hughes', emergencyContactPhone: '0447205318',
    tradeQualifications: 'Certificate III in Carpentry; EWP licence (boom under 11 m)',
    whitecardNumber: 'CGI0658821',
  }),
  account({
    email: 'tradie4@trades.demo', firstName: 'Mitchell', surname: 'Campbell', role: 'TradesPerson', company: null, worksWith: 'harbour', trade: 'scaffolder',
    phone: '0402749185', emergencyContactName: 'Donna Campbell', emergencyContactPhone: '0416387204',
    tradeQualifications: 'High Risk Work Licence SI (intermediate scaffolding) and RB (basic rigging)',
    whitecardNumber: 'CGI1310594',
  }),
  account({
    email: 'tradie5@trades.demo', firstName: 'Ahmed', surname: 'Haddad', role: 'TradesPerson', company: null, worksWith: 'ridgeline', trade: 'concreter',
    phone: '0435618207', emergencyContactName: 'Layla Haddad', emergencyContactPhone: '0421093846',
    tradeQualifications: 'Certificate III in Concreting; QBCC Concreting licence 15190427',
    whitecardNumber: 'QLD-WHS-366104',
  }),
  account({
    email: 'tradie6@trades.demo', firstName: 'Josh', surname: 'Fraser', role: 'TradesPerson', company: null, worksWith: 'ridgeline', trade: 'roofer',
    phone: '0409852361', emergencyContactName: 'Hannah Fraser', emergencyContactPhone: '0433470912',
    tradeQualifications: 'Certificate III in Roof Plumbing; QBCC Roof and Wall Cladding licence 15277803',
    whitecardNumber: 'QLD-WHS-401257',
  }),
  account({
    email: 'tradie7@trades.demo', firstName: 'Nikau', surname: 'Parata', role: 'TradesPerson', company: null, worksWith: 'ridgeline', trade: 'excavation',
    phone: '0427396054', emergencyContactName: 'Aroha Parata', emergencyContactPhone: '0414628830',
    tradeQualifications: 'Excavator and skid steer operator (RIIMPO320F, RIIMPO321F); confined space entry',
    whitecardNumber: 'QLD-WHS-298643',
  }),
  account({
    email: 'tradie8@trades.demo', firstName: 'Ella', surname: 'Ward', role: 'TradesPerson', company: null, worksWith: 'ridgeline', trade: 'steelFixer',
    phone: '0446031789', emergencyContactName: 'Paul Ward', emergencyContactPhone: '0428759316',
    tradeQualifications: 'Certificate III in Steelfixing; High Risk Work Licence DG (dogging)',
    whitecardNumber: 'QLD-WHS-455729',
  }),
];
