import type { Ppe } from '../../src/domain/ppe';
import type { SiteStatus } from '../../src/domain/site-status';
import type { DemoCompanyKey, DemoTrade } from './demo-accounts';

/** The demo companies' details; ABNs are stored as their 11 digits (spec §5). */
export interface DemoCompany {
  readonly key: DemoCompanyKey;
  readonly abn: string;
  readonly buildersRegNumber: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly postalAddress: string;
  readonly logoName: string;
  /** The company's sites are in this city's time zone (hours ahead of UTC, standard time). */
  readonly utcOffsetHours: number;
}

export const demoCompanies: readonly DemoCompany[] = [
  {
    key: 'harbour',
    abn: '51824753556',
    buildersRegNumber: '287419C',
    phone: '0295186240',
    email: 'office@harbourbuild.demo',
    address: 'Unit 4, 17 Bourke Road, Alexandria NSW 2015',
    postalAddress: 'PO Box 1187, Alexandria NSW 1435',
    logoName: 'harbour-build-co-logo.png',
    utcOffsetHours: 10,
  },
  {
    key: 'ridgeline',
    abn: '28372940518',
    buildersRegNumber: '15098421',
    phone: '0738524107',
    email: 'projects@ridgeline.demo',
    address: 'Suite 3, 41 Commercial Road, Newstead QLD 4006',
    postalAddress: 'PO Box 512, Fortitude Valley QLD 4006',
    logoName: 'ridgeline-constructions-logo.png',
    utcOffsetHours: 10,
  },
];

export interface DemoSite {
  readonly company: DemoCompanyKey;
  readonly siteNumber: string;
  readonly address: string;
  readonly suburb: string;
  readonly postcode: string;
  readonly clientName: string;
  readonly status: SiteStatus;
  /** 1 or 2: the company's first or second supervisor; null reads 'Unallocated'. */
  readonly supervisor: 1 | 2 | null;
  readonly ppe: readonly Ppe[];
  readonly otherPpe: string;
  /** Days before now the site was set up, and, for a site no longer ongoing, when work stopped. */
  readonly createdDaysAgo: number;
  readonly stoppedDaysAgo: number | null;
}

const basePpe: readonly Ppe[] = ['hard_hat', 'high_vis', 'safety_boots'];

export const demoSites: readonly DemoSite[] = [
  {
    company: 'harbour', siteNumber: 'HB-1042', address: '14 Wattle Street', suburb: 'Ultimo', postcode: '2007',
    clientName: 'Wattle Street Developments Pty Ltd', status: 'ongoing', supervisor: 1,
    ppe: [...basePpe, 'gloves', 'eye_protection', 'hearing_protection', 'first_aid'],
    otherPpe: 'Long sleeves and long trousers; sunscreen at the site shed', createdDaysAgo: 118, stoppedDaysAgo: null,
  },
  {
    company: 'harbour', siteNumber: 'HB-1047', address: '221 Parramatta Road', suburb: 'Annandale', postcode: '2038',
    clientName: 'Annandale Living Pty Ltd', status: 'ongoing', supervisor: 2,
    ppe: [...basePpe, 'gloves', 'safety_harness', 'dust_mask'],
    otherPpe: 'Traffic controllers wear Class D/N high-vis on Parramatta Road', createdDaysAgo: 96, stoppedDaysAgo: null,
  },
  {
    company: 'harbour', siteNumber: 'HB-1053', address: '8 Darling Street', suburb: 'Balmain East', postcode: '2041',
    clientName: 'J. & M. Kovacevic', status: 'ongoing', supervisor: null,
    ppe: [...basePpe, 'gloves', 'dust_mask', 'eye_protection'],
    otherPpe: 'P2 respirator for any cutting of fibre cement', createdDaysAgo: 71, stoppedDaysAgo: null,
  },
  {
    company: 'harbour', siteNumber: 'HB-1036', address: '63 Bay Street', suburb: 'Double Bay', postcode: '2028',
    clientName: 'Bayview Hospitality Group', status: 'on_hold', supervisor: 1,
    ppe: [...basePpe, 'gloves', 'hearing_protection'],
    otherPpe: '', createdDaysAgo: 140, stoppedDaysAgo: 16,
  },
  {
    company: 'harbour', siteNumber: 'HB-1029', address: '5 Mitchell Road', suburb: 'Alexandria', postcode: '2015',
    clientName: 'Alexandria Self Storage Pty Ltd', status: 'completed', supervisor: 2,
    ppe: [...basePpe, 'gloves', 'eye_protection', 'welding_mask', 'first_aid'],
    otherPpe: 'Welding screens around hot works', createdDaysAgo: 205, stoppedDaysAgo: 31,
  },
  {
    company: 'harbour', siteNumber: 'HB-1058', address: '112 Military Road', suburb: 'Neutral Bay', postcode: '2089',
    clientName: 'Northside Medical Partners', status: 'cancelled', supervisor: null,
    ppe: [...basePpe],
    otherPpe: '', createdDaysAgo: 64, stoppedDaysAgo: 41,
  },

  {
    company: 'ridgeline', siteNumber: '24117', address: '37 Vulture Street', suburb: 'West End', postcode: '4101',
    clientName: 'Riverbend Apartments Pty Ltd', status: 'ongoing', supervisor: 1,
    ppe: [...basePpe, 'gloves', 'eye_protection', 'safety_harness', 'first_aid'],
    otherPpe: 'Broad-brim hard hat attachment and sunscreen from October to March', createdDaysAgo: 132, stoppedDaysAgo: null,
  },
  {
    company: 'ridgeline', siteNumber: '24122', address: '150 Logan Road', suburb: 'Woolloongabba', postcode: '4102',
    clientName: 'Gabba Commercial Trust', status: 'ongoing', supervisor: 2,
    ppe: [...basePpe, 'gloves', 'hearing_protection', 'dust_mask'],
    otherPpe: 'Hearing protection mandatory inside the basement while the pump runs', createdDaysAgo: 103, stoppedDaysAgo: null,
  },
  {
    company: 'ridgeline', siteNumber: '24131', address: '9 Latrobe Terrace', suburb: 'Paddington', postcode: '4064',
    clientName: 'S. & T. Nguyen', status: 'ongoing', supervisor: null,
    ppe: [...basePpe, 'gloves', 'eye_protection'],
    otherPpe: '', createdDaysAgo: 77, stoppedDaysAgo: null,
  },
  {
    company: 'ridgeline', siteNumber: '24098', address: '72 Sandgate Road', suburb: 'Albion', postcode: '4010',
    clientName: 'Albion Childcare Centres Pty Ltd', status: 'on_hold', supervisor: 2,
    ppe: [...basePpe, 'gloves', 'first_aid'],
    otherPpe: 'Site fence kept locked while on hold', createdDaysAgo: 151, stoppedDaysAgo: 12,
  },
  {
    company: 'ridgeline', siteNumber: '24076', address: '18 Hercules Street', suburb: 'Hamilton', postcode: '4007',
    clientName: 'Hamilton Marina Holdings', status: 'completed', supervisor: 1,
    ppe: [...basePpe, 'gloves', 'eye_protection', 'hearing_protection', 'safety_harness'],
    otherPpe: 'Life jackets for work on the pontoon', createdDaysAgo: 200, stoppedDaysAgo: 27,
  },
  {
    company: 'ridgeline', siteNumber: '24140', address: '301 Gympie Road', suburb: 'Kedron', postcode: '4031',
    clientName: 'Kedron Medical Precinct Pty Ltd', status: 'cancelled', supervisor: null,
    ppe: [...basePpe, 'first_aid'],
    otherPpe: '', createdDaysAgo: 58, stoppedDaysAgo: 38,
  },
];

/** High-risk construction work as WHS Regulation 2011 r 291 lists it, in site wording. */
const highRiskWork = {
  height: 'Work at height over 2 m',
  excavation: 'Excavation deeper than 1.5 m',
  electrical: 'Work near energised electrical installations',
  mobilePlant: 'Work in an area with movement of powered mobile plant',
  traffic: 'Work next to a road or traffic corridor in use',
  precast: 'Tilt-up or precast concrete elements',
  temporarySupport: 'Structural alterations needing temporary support',
  demolition: 'Demolition of load-bearing elements',
  asbestos: 'Work likely to disturb asbestos',
  gas: 'Work on pressurised gas mains or piping',
  confinedSpace: 'Work in or near a confined space',
} as const;

export interface SwmsTemplate {
  readonly trade: DemoTrade;
  /** The task description for one of `places`. */
  readonly task: (where: string) => string;
  readonly places: readonly string[];
  readonly mobilePlantTools: string;
  readonly riskText: string;
  readonly controlText: string;
  /** WHS Regulation 299: how the controls are implemented, monitored and reviewed. */
  readonly controlImplementation: string;
  readonly controlMonitoring: string;
  readonly controlReview: string;
  readonly ppe: readonly Ppe[];
  readonly otherPpe: string;
  readonly highRiskWork: readonly string[];
  /** The usual worst credible outcome, 1 (insignificant) to 5 (catastrophic). */
  readonly consequence: number;
}

const hrw = highRiskWork;

export const swmsTemplates: readonly SwmsTemplate[] = [
  {
    trade: 'electrician',
    task: (where) => `Rough-in power and lighting circuits and install the distribution sub-board on ${where}`,
    places: ['Level 1', 'Level 2', 'Level 3', 'the ground floor retail tenancy', 'units 1 to 4'],
    mobilePlantTools: 'Cordless drill and hole saws, cable drum stand, 2-step platform ladder, tested and tagged leads',
    riskText: 'Contact with live conductors where the sub-board ties into the existing supply; falls from the platform ladder; cuts and eye injury from cable stripping and drilling overhead.',
    controlText: 'Isolate at the main switchboard, apply personal danger lock and tag, test for dead before touching. Only the licensed electrician terminates at the board. Platform ladder on level ground with three points of contact. All leads tested and tagged and run through an RCD.',
    controlImplementation: 'The electrician isolates and locks out the sub-board supply before any work and keeps the key on them; leads are tagged before they come on site.',
    controlMonitoring: 'The supervisor sights the lock and tag at the morning walk; RCD push-button test recorded daily.',
    controlReview: 'Reviewed at the weekly toolbox talk, and straight away after any shock, near miss or change to the switchboard.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves', 'eye_protection'],
    otherPpe: 'Insulated gloves rated Class 00 for testing',
    highRiskWork: [hrw.electrical],
    consequence: 5,
  },
  {
    trade: 'electrician',
    task: (where) => `Install temporary builders' power, site lighting and distribution boards for ${where}`,
    places: ['the basement', 'the ground floor', 'Levels 1 and 2', 'the site compound'],
    mobilePlantTools: 'Scissor lift (under 11 m), portable generator, cable hangers, insulation resistance tester',
    riskText: 'Electric shock from damaged temporary leads; crush against the slab soffit while working from the scissor lift; trip hazards from leads run across walkways.',
    controlText: 'Temporary boards to AS/NZS 3012 with RCDs tested monthly. Leads run overhead on insulated hangers, never across walkways. Scissor lift pre-start checked, operator holds a current EWP ticket, spotter on the ground when working near the soffit.',
    controlImplementation: 'Temporary boards installed and tested by the licensed electrician before handover; leads hung on hangers as each run is laid.',
    controlMonitoring: 'RCDs tested monthly and tags checked at the weekly walk; scissor lift pre-start sheet filled in every morning.',
    controlReview: 'Reviewed when a new level opens up, at each monthly RCD test, and after any incident.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves'],
    otherPpe: '',
    highRiskWork: [hrw.electrical, hrw.height],
    consequence: 4,
  },
  {
    trade: 'plumber',
    task: (where) => `Lay stormwater and sewer drainage in an open trench along ${where}`,
    places: ['the southern boundary', 'the rear lane', 'the driveway', 'the eastern boundary'],
    mobilePlantTools: '5 t excavator (operated by others), laser level, pipe saw, trench shoring boxes',
    riskText: 'Trench wall collapse in sandy fill deeper than 1.5 m; being struck by the excavator bucket or slew; manual handling of 150 mm PVC pipe lengths; striking underground services.',
    controlText: 'Dial Before You Dig plans checked and services located by a locator before digging. Shoring boxes installed before anyone enters, spoil kept at least 1 m back from the edge. Exclusion zone around the excavator with a spotter in radio contact. Two-person lift for pipe over 20 kg. Ladder access within 9 m of anyone in the trench.',
    controlImplementation: 'Services located and marked before digging starts; shoring boxes placed by the excavator before anyone enters the trench.',
    controlMonitoring: 'Supervisor inspects the trench and shoring at the start of each shift and after rain; spotter in radio contact throughout.',
    controlReview: 'Reviewed if ground conditions change, the trench goes deeper than planned, or after any collapse or near miss.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves'],
    otherPpe: '',
    highRiskWork: [hrw.excavation, hrw.mobilePlant],
    consequence: 5,
  },
  {
    trade: 'plumber',
    task: (where) => `Hydraulic rough-in and pressure test of the new gas line on ${where}`,
    places: ['Level 1', 'Level 2', 'the ground floor kitchen', 'the rooftop plant deck'],
    mobilePlantTools: 'Press-fit tool, oxy-acetylene brazing kit, pressure gauge, fire extinguisher',
    riskText: 'Gas escape and ignition during tie-in to the live main; burns from brazing; fire in the wall cavity from hot works.',
    controlText: 'Gas isolated at the meter and purged before tie-in, gas detector running throughout. Hot works permit issued by the supervisor, 9 kg extinguisher within reach, fire watch for 30 minutes after brazing. Pressure test to AS/NZS 5601 with the area signed off.',
    controlImplementation: 'Gas isolated and purged by the licensed gasfitter; hot works permit issued by the supervisor before brazing starts.',
    controlMonitoring: 'Gas detector reading checked every 30 minutes; fire watch signs off 30 minutes after the last hot work.',
    controlReview: 'Reviewed before each new tie-in and after any gas reading above zero.',
    ppe: ['safety_boots', 'gloves', 'eye_protection', 'high_vis'],
    otherPpe: 'Leather welding gloves and brazing goggles for hot works',
    highRiskWork: [hrw.gas],
    consequence: 4,
  },
  {
    trade: 'carpenter',
    task: (where) => `Stand wall frames and fix roof trusses on ${where}`,
    places: ['Level 1', 'Level 2', 'the rear extension', 'the first-floor addition'],
    mobilePlantTools: 'Framing nail gun, drop saw, mobile scaffold, Franna crane for truss lifts (operated by others)',
    riskText: 'Falls from the open slab edge and from truss top chords; being struck by a truss bundle during the crane lift; nail gun discharge into a hand or leg.',
    controlText: 'Perimeter scaffold with edge protection in place before framing. Trusses fixed from the scaffold platform only, nobody climbs the top chords. Exclusion zone under crane lifts, taglines on every bundle, a licensed dogman directs the lift. Nail guns on sequential trigger and disconnected when not in use.',
    controlImplementation: 'Scaffold and edge protection handed over with a signed tag before framing; lift plan agreed with the crane crew the day before.',
    controlMonitoring: 'Leading hand checks edge protection every morning; the dogman confirms the exclusion zone before each lift.',
    controlReview: 'Reviewed at the weekly toolbox talk and whenever the lift plan or the crane changes.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves', 'eye_protection', 'hearing_protection'],
    otherPpe: '',
    highRiskWork: [hrw.height, hrw.mobilePlant],
    consequence: 5,
  },
  {
    trade: 'carpenter',
    task: (where) => `Install formwork and edge boards for the suspended slab over ${where}`,
    places: ['the basement car park', 'the ground floor', 'the loading dock', 'the rear courtyard'],
    mobilePlantTools: 'Circular saw, props and bearers, formply, laser level, forklift for material handling',
    riskText: 'Formwork collapse while props are being adjusted; falls through unsheeted deck openings; back strain from carrying formply sheets.',
    controlText: 'Formwork erected to the engineer\'s design and inspected before the pour. Deck openings covered and marked the same day they are formed. Props adjusted one at a time with a second worker present. Sheets moved by forklift to the deck, two-person carry on the deck.',
    controlImplementation: 'Formwork erected to the engineer\'s design and inspected before loading; openings covered the day they are formed.',
    controlMonitoring: 'Supervisor inspects the deck and props before the pour and at the end of each day.',
    controlReview: 'Reviewed after the formwork inspection, before each pour, and after any prop movement or fall.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves'],
    otherPpe: '',
    highRiskWork: [hrw.height, hrw.temporarySupport],
    consequence: 4,
  },
  {
    trade: 'scaffolder',
    task: (where) => `Erect perimeter scaffold with edge protection to ${where}`,
    places: ['Level 2', 'Level 3', 'the roof line', 'the eastern façade', 'the street frontage'],
    mobilePlantTools: 'Modular scaffold system, gin wheel, podger spanners, hand-held radios',
    riskText: 'Falls from incomplete scaffold bays; components dropped on the public footpath below; overhead power lines within 4 m of the front elevation.',
    controlText: 'Erect from a fully decked lift using the advanced guardrail system. Footpath hoarding and a gantry in place, exclusion zone under the gin wheel. Power authority contacted and lines sleeved before work within 4 m. Scaffold handed over with a signed scaffold tag only after inspection.',
    controlImplementation: 'Scaffold erected by licensed scaffolders from fully decked lifts; hoarding and gantry in place before work over the footpath.',
    controlMonitoring: 'Scaffold inspected and the tag updated every 30 days and after strong winds; exclusion zone checked each morning.',
    controlReview: 'Reviewed before each new lift is added and after any incident or change near the power lines.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves', 'safety_harness'],
    otherPpe: 'Full body harness with double lanyard while erecting the top lift',
    highRiskWork: [hrw.height, hrw.traffic, hrw.electrical],
    consequence: 5,
  },
  {
    trade: 'scaffolder',
    task: (where) => `Alter scaffold ties and relocate the loading bay at ${where}`,
    places: ['the northern elevation', 'the street frontage', 'the rear elevation'],
    mobilePlantTools: 'Scaffold tube and couplers, impact driver for tie anchors, tool lanyards',
    riskText: 'Scaffold instability while ties are moved; tools falling from height; other trades using the scaffold during the alteration.',
    controlText: 'Only one tie removed at a time, new tie installed before the next is removed. Affected bays tagged out of use with barriers on every access point. Tools on lanyards, toe boards and mesh kept in place.',
    controlImplementation: 'Ties altered one at a time under the scaffold supervisor; affected bays tagged out before work starts.',
    controlMonitoring: 'Scaffold supervisor checks every altered tie before the bay is reopened and re-tags it.',
    controlReview: 'Reviewed after each alteration is signed off and whenever the loading bay is moved again.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves', 'safety_harness'],
    otherPpe: '',
    highRiskWork: [hrw.height],
    consequence: 4,
  },
  {
    trade: 'concreter',
    task: (where) => `Pour, vibrate and finish the slab on ${where} with a boom pump`,
    places: ['the ground floor', 'Level 1', 'Level 2', 'the podium', 'the basement'],
    mobilePlantTools: 'Concrete boom pump, agitator trucks, poker vibrators, power trowel',
    riskText: 'Being struck by the pump boom or hose whip; chemical burns from wet concrete; trucks reversing across the site entry; noise from the power trowel.',
    controlText: 'Pump set up on outriggers on firm ground, boom kept clear of overhead lines, nobody under the boom. Hose end handled by two workers, never kinked. Traffic controller for reversing agitators. Gumboots and long sleeves, wet concrete washed off skin straight away.',
    controlImplementation: 'Pump set up on outriggers on firm ground by the operator; traffic controller in place before the first agitator arrives.',
    controlMonitoring: 'Pour supervisor watches the boom clearance and hose handling throughout the pour.',
    controlReview: 'Reviewed at the pre-pour meeting for each slab and after any incident.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves', 'eye_protection', 'hearing_protection'],
    otherPpe: 'Gumboots and waterproof gloves for wet concrete',
    highRiskWork: [hrw.mobilePlant],
    consequence: 4,
  },
  {
    trade: 'concreter',
    task: (where) => `Saw cut and core drill the existing slab for new penetrations on ${where}`,
    places: ['the ground floor', 'Level 1', 'the basement', 'the plant room'],
    mobilePlantTools: 'Wet concrete saw, core drill rig, wet-dry vacuum, ground penetrating radar scanner',
    riskText: 'Respirable crystalline silica from cutting; cutting through post-tensioned tendons or live conduits in the slab; kickback from the saw.',
    controlText: 'Slab scanned and marked before any cut. Water suppression on every cut, slurry vacuumed, no dry cutting. Engineer\'s approval for each penetration. Saw guard in place and the operator trained on the machine.',
    controlImplementation: 'Slab scanned and each cut marked before starting; water suppression connected before the saw is started.',
    controlMonitoring: 'Leading hand checks the water supply and slurry control at every cut; engineer\'s approval sighted for each penetration.',
    controlReview: 'Reviewed before each new area of cutting and after any hit on a service or reinforcement.',
    ppe: ['hard_hat', 'safety_boots', 'gloves', 'eye_protection', 'hearing_protection', 'dust_mask'],
    otherPpe: 'Fit-tested P2 half-face respirator',
    highRiskWork: [hrw.temporarySupport],
    consequence: 3,
  },
  {
    trade: 'roofer',
    task: (where) => `Install metal roof sheeting, insulation and flashings over ${where}`,
    places: ['the main roof', 'the rear extension', 'the carport', 'the northern wing'],
    mobilePlantTools: 'Crane lift of sheet packs (operated by others), screw guns, nibbler, static line',
    riskText: 'Falls from the roof edge and through the open purlins; sheets caught by wind during handling; heat stress working on the roof in summer.',
    controlText: 'Roof edge protection and safety mesh in place before sheeting starts. Sheet packs strapped down on the roof, work stops in winds over 40 km/h. Start at 6 am in summer, water and shade breaks every hour, buddy system.',
    controlImplementation: 'Edge protection and safety mesh installed and inspected before sheeting; sheet packs strapped down as they land.',
    controlMonitoring: 'Supervisor checks the wind speed each hour and the buddy system at breaks.',
    controlReview: 'Reviewed each day the forecast is over 35 °C or 40 km/h wind, and after any incident.',
    ppe: ['high_vis', 'safety_boots', 'gloves', 'eye_protection', 'safety_harness'],
    otherPpe: 'Sunscreen, long sleeves and a broad-brim hat',
    highRiskWork: [hrw.height],
    consequence: 5,
  },
  {
    trade: 'roofer',
    task: (where) => `Replace box gutters and downpipes at ${where}`,
    places: ['the northern roof', 'the rear of the existing building', 'the street-front parapet'],
    mobilePlantTools: 'Boom lift, angle grinder, silicone guns, rivet gun',
    riskText: 'Falls from the gutter line; sparks from the grinder igniting roof insulation; contact with the existing fibre cement eaves, possibly containing asbestos.',
    controlText: 'Work from the boom lift basket with harness attached to the basket anchor. Hot works permit and fire extinguisher at hand, sparks kept away from insulation. Eaves tested before work; if asbestos is found, work stops and a licensed removalist takes over.',
    controlImplementation: 'Boom lift operated by a ticketed operator with the harness attached; hot works permit issued before cutting.',
    controlMonitoring: 'Supervisor checks the harness and permit at the start of each shift; fire watch after hot work.',
    controlReview: 'Reviewed if suspected asbestos is found, and at the weekly toolbox talk.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves', 'eye_protection', 'safety_harness', 'dust_mask'],
    otherPpe: '',
    highRiskWork: [hrw.height, hrw.asbestos],
    consequence: 4,
  },
  {
    trade: 'excavation',
    task: (where) => `Bulk excavation and batter of the basement along ${where}`,
    places: ['the western boundary', 'the rear boundary', 'the street frontage'],
    mobilePlantTools: '20 t excavator, 8 t tipper trucks, skid steer, laser level',
    riskText: 'Collapse of the excavation face next to the neighbouring footings; plant rolling over on the ramp; workers struck by reversing trucks; striking buried services.',
    controlText: 'Batters cut to the geotechnical engineer\'s angle, shoring piles in place along the boundary before digging past 1.5 m. Ramp gradient kept under 1 in 6, seatbelts worn. One-way truck route with a spotter and reversing alarms. Services located and marked before digging.',
    controlImplementation: 'Batters cut to the geotechnical engineer\'s angle; shoring piles installed before digging past 1.5 m.',
    controlMonitoring: 'Geotechnical engineer inspects the batters weekly and after heavy rain; spotter on every truck movement.',
    controlReview: 'Reviewed after each geotechnical inspection and whenever the excavation reaches a new depth.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'hearing_protection'],
    otherPpe: '',
    highRiskWork: [hrw.excavation, hrw.mobilePlant],
    consequence: 5,
  },
  {
    trade: 'excavation',
    task: (where) => `Demolish the existing brick outbuilding and break out the slab at ${where}`,
    places: ['the rear of the lot', 'the north-east corner', 'the lane frontage'],
    mobilePlantTools: '14 t excavator with hydraulic hammer, water cart, skip bins',
    riskText: 'Uncontrolled collapse of load-bearing walls; flying debris and dust; hidden asbestos in the outbuilding linings.',
    controlText: 'Asbestos clearance certificate sighted before demolition. Walls brought down top-down away from the public side, exclusion zone of 1.5 times the wall height. Dust suppressed with the water cart, cab window kept closed with a guard fitted.',
    controlImplementation: 'Asbestos clearance certificate sighted before demolition starts; exclusion zone fenced before the excavator moves in.',
    controlMonitoring: 'Supervisor checks the exclusion zone and the water cart at the start of each shift.',
    controlReview: 'Reviewed if unexpected materials are found, and at the end of each demolition stage.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves', 'eye_protection', 'hearing_protection', 'dust_mask'],
    otherPpe: '',
    highRiskWork: [hrw.demolition, hrw.asbestos, hrw.mobilePlant],
    consequence: 5,
  },
  {
    trade: 'steelFixer',
    task: (where) => `Crane lift, stand and brace precast wall panels for ${where}`,
    places: ['the eastern wall line', 'the western wall line', 'the stair and lift core'],
    mobilePlantTools: '60 t mobile crane, spreader bar, props and brace anchors, EWP',
    riskText: 'Panel falling during the lift or before bracing; crane overturning on soft ground; falls while releasing the lifting clutches at height.',
    controlText: 'Lift plan and crane set-up approved by the engineer, outrigger pads on compacted ground. Nobody under a suspended panel, taglines only. Two braces fixed before the crane releases. Clutches released from the EWP with harness attached.',
    controlImplementation: 'Lift plan and crane set-up approved by the engineer before the first lift; braces fixed before the crane releases each panel.',
    controlMonitoring: 'Dogman confirms the exclusion zone before each lift; engineer inspects the bracing each day.',
    controlReview: 'Reviewed after each panel group is stood and whenever the lift plan changes.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves', 'safety_harness'],
    otherPpe: '',
    highRiskWork: [hrw.precast, hrw.height, hrw.mobilePlant],
    consequence: 5,
  },
  {
    trade: 'steelFixer',
    task: (where) => `Tie reinforcement for the footings and pad beams along ${where}`,
    places: ['the northern grid line', 'the lift pit', 'the western boundary', 'the stair core'],
    mobilePlantTools: 'Rebar tying gun, bar cutter and bender, bolt cutters',
    riskText: 'Impalement on exposed starter bars; cuts from bar ends; back strain from repetitive bending and carrying bar bundles.',
    controlText: 'Every exposed bar end capped the same day. Bundles lifted by the telehandler, not by hand. Job rotation between tying and cutting every two hours; tying gun used for the repetitive ties.',
    controlImplementation: 'Bar end caps fitted as bars are placed; bundles lifted by the telehandler only.',
    controlMonitoring: 'Leading hand checks the caps at the end of each day and the job rotation every two hours.',
    controlReview: 'Reviewed at the weekly toolbox talk and after any reported strain or puncture injury.',
    ppe: ['hard_hat', 'high_vis', 'safety_boots', 'gloves', 'eye_protection'],
    otherPpe: '',
    highRiskWork: [hrw.mobilePlant],
    consequence: 3,
  },
];
