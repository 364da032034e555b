import { Schema } from 'effect';

export const ppeValues = [
  'high_vis', 'safety_boots', 'hard_hat', 'gloves', 'hearing_protection',
  'eye_protection', 'welding_mask', 'safety_harness', 'dust_mask', 'first_aid',
] as const;
export type Ppe = (typeof ppeValues)[number];
export const PpeSchema = Schema.Literals(ppeValues);

export const ppeLabels: Record<Ppe, string> = {
  high_vis: 'High Vis',
  safety_boots: 'Safety Boots',
  hard_hat: 'Hard Hat',
  gloves: 'Gloves',
  hearing_protection: 'Hearing Protection',
  eye_protection: 'Eye Protection',
  welding_mask: 'Welding Mask',
  safety_harness: 'Safety Harness',
  dust_mask: 'Dust Mask',
  first_aid: 'First Aid',
};
