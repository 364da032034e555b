import { Schema } from 'effect';

/**
 * WHS Regulation 2011 r 291: construction work is high risk construction work when it does one of
 * (a) to (r). The wording is the regulation's; a SWMS stores the lettered text.
 */
export const highRiskWorkCategories = [
  { code: 'a', text: 'involves a risk of a person falling more than 2 metres' },
  { code: 'b', text: 'is carried out on a telecommunication tower' },
  { code: 'c', text: 'involves demolition of an element of a structure that is load-bearing or otherwise related to the physical integrity of the structure' },
  { code: 'd', text: 'involves, or is likely to involve, the disturbance of asbestos' },
  { code: 'e', text: 'involves structural alterations or repairs that require temporary support to prevent collapse' },
  { code: 'f', text: 'is carried out in or near a confined space' },
  { code: 'g', text: 'is carried out in or near a shaft or trench with an excavated depth greater than 1.5 metres, or a tunnel' },
  { code: 'h', text: 'involves the use of explosives' },
  { code: 'i', text: 'is carried out on or near pressurised gas distribution mains or piping' },
  { code: 'j', text: 'is carried out on or near chemical, fuel or refrigerant lines' },
  { code: 'k', text: 'is carried out on or near energised electrical installations or services' },
  { code: 'l', text: 'is carried out in an area that may have a contaminated or flammable atmosphere' },
  { code: 'm', text: 'involves tilt-up or precast concrete' },
  { code: 'n', text: 'is carried out on, in or adjacent to a road, railway, shipping lane or other traffic corridor that is in use by traffic other than pedestrians' },
  { code: 'o', text: 'is carried out in an area at a workplace in which there is any movement of powered mobile plant' },
  { code: 'p', text: 'is carried out in an area in which there are artificial extremes of temperature' },
  { code: 'q', text: 'is carried out in or near water or other liquid that involves a risk of drowning' },
  { code: 'r', text: 'involves diving work' },
] as const;

export type HighRiskWorkCode = (typeof highRiskWorkCategories)[number]['code'];
export const highRiskWorkCodes = highRiskWorkCategories.map((category) => category.code) as readonly HighRiskWorkCode[];

export const highRiskWorkMessage = 'Choose high-risk construction work from the offered list';
export const HighRiskWorkCodeSchema = Schema.Literals(highRiskWorkCodes).annotate({ message: highRiskWorkMessage });

/** The text a submitted SWMS stores for one category, e.g. 'r 291(a): involves a risk of ...'. */
export function highRiskWorkText(code: HighRiskWorkCode): string {
  const category = highRiskWorkCategories.find((candidate) => candidate.code === code);
  return `r 291(${code}): ${category?.text ?? ''}`;
}
