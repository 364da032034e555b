import { Schema } from 'effect';
import { SwmsTemplateContent } from '../../src/domain/swms-steps';
import confinedSpace from './starter/confined-space-entry.json' with { type: 'json' };
import demolition from './starter/demolition-load-bearing.json' with { type: 'json' };
import excavation from './starter/excavation-deeper-than-1-5m.json' with { type: 'json' };
import electrical from './starter/near-energised-electrical.json' with { type: 'json' };
import asbestos from './starter/non-friable-asbestos-removal.json' with { type: 'json' };
import mobilePlant from './starter/powered-mobile-plant.json' with { type: 'json' };
import tiltUp from './starter/tilt-up-precast.json' with { type: 'json' };
import heights from './starter/work-at-heights-scaffold-ladders.json' with { type: 'json' };

/** Issue 58 §2: the starter library shipped with the portal, one data file per SWMS, keyed by its file's name. */
const files = {
  'work-at-heights-scaffold-ladders': heights,
  'excavation-deeper-than-1-5m': excavation,
  'near-energised-electrical': electrical,
  'powered-mobile-plant': mobilePlant,
  'non-friable-asbestos-removal': asbestos,
  'confined-space-entry': confinedSpace,
  'demolition-load-bearing': demolition,
  'tilt-up-precast': tiltUp,
} as const satisfies Record<string, unknown>;

export type StarterTemplateId = keyof typeof files;

export interface StarterTemplate {
  readonly id: StarterTemplateId;
  readonly content: SwmsTemplateContent;
}

/** Decoded as the module loads: a file that does not decode throws, naming the field. */
export const starterTemplates: readonly StarterTemplate[] = Object.entries(files).map(([id, data]) => ({
  id: id as StarterTemplateId,
  content: Schema.decodeUnknownSync(SwmsTemplateContent)(data),
}));
