import type { CSSProperties } from 'react';
import { consequenceScale, likelihoodScale, riskBand, riskBandColours, type RiskBand } from '../../domain/risk';

export type ScaleEntry = (typeof consequenceScale)[number] | (typeof likelihoodScale)[number];
export type Scale = readonly ScaleEntry[];

/** Spec §9 scale entry as one line, e.g. '4 Major (hospital or large loss)'. */
export function describeLevel(entry: ScaleEntry): string {
  return `${entry.level} ${entry.label} (${entry.detail})`;
}

export function entryOf(scale: Scale, level: number): ScaleEntry | undefined {
  return scale.find((entry) => entry.level === level);
}

/** Spec §9: risk colours run green to red; the five steps of a scale, lowest first. */
export const scaleStepColours = ['#2e9e4f', '#8aa82b', '#e0b000', '#e86a10', '#c62828'] as const;

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on `background` (WCAG contrast ratio). */
function textColourOn(background: string): '#000000' | '#ffffff' {
  const light = luminance(background);
  return (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) ? '#000000' : '#ffffff';
}

/** A band's colour and the text colour that reads on it, as CSS custom properties for risk.css. */
export function bandStyle(band: RiskBand): CSSProperties {
  return colourStyle(riskBandColours[band]);
}

export function colourStyle(colour: string): CSSProperties {
  return { '--risk-colour': colour, '--risk-text': textColourOn(colour) } as CSSProperties;
}

export function bandOfCell(consequence: number, likelihood: number): RiskBand {
  return riskBand(consequence * likelihood);
}
