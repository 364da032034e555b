import type { ReactNode, SVGProps } from 'react';
import type { Ppe } from '../../domain/ppe';

const paths: Record<Ppe, ReactNode> = {
  high_vis: (
    <>
      <path d="M8 3 5 5v16h14V5l-3-2-4 5-4-5Z" />
      <path d="M5 12h14M5 16h14M12 8v13" />
    </>
  ),
  safety_boots: (
    <>
      <path d="M6 3h6v9l6 2.5a3 3 0 0 1 2 2.8V19H4V5a2 2 0 0 1 2-2Z" />
      <path d="M4 21h16M12 8H8M12 11H8" />
    </>
  ),
  hard_hat: (
    <>
      <path d="M4 17v-2a8 8 0 0 1 16 0v2" />
      <path d="M2 17h20v3H2z" />
      <path d="M10 7.3V12M14 7.3V12" />
    </>
  ),
  gloves: (
    <>
      <path d="M7 21v-4l-3-4.5a1.5 1.5 0 0 1 2.4-1.8L8 12.5V5a1.5 1.5 0 0 1 3 0v5V3.5a1.5 1.5 0 0 1 3 0V10V5a1.5 1.5 0 0 1 3 0v9a7 7 0 0 1-1 3.6V21Z" />
      <path d="M7 18h9" />
    </>
  ),
  hearing_protection: (
    <>
      <path d="M5 13V11a7 7 0 0 1 14 0v2" />
      <rect x="3" y="13" width="4" height="7" rx="2" />
      <rect x="17" y="13" width="4" height="7" rx="2" />
    </>
  ),
  eye_protection: (
    <>
      <path d="M3 8h18v5a3 3 0 0 1-3 3h-3.2L12 13.5 9.2 16H6a3 3 0 0 1-3-3Z" />
      <path d="M3 10H1.5M21 10h1.5M7 11h2M15 11h2" />
    </>
  ),
  welding_mask: (
    <>
      <path d="M5 8a7 7 0 0 1 14 0v8a5 5 0 0 1-5 5h-4a5 5 0 0 1-5-5Z" />
      <rect x="8" y="9" width="8" height="4" rx="1" />
      <path d="M9 17h6" />
    </>
  ),
  safety_harness: (
    <>
      <circle cx="12" cy="3.5" r="1.8" />
      <path d="M8 7h8M8 7l2 7M16 7l-2 7M8.6 10.5h6.8M6 14h12M8 14l-1.5 7M16 14l1.5 7" />
    </>
  ),
  dust_mask: (
    <>
      <path d="M4 9c3-1 5-2 8-2s5 1 8 2c0 6-3 10-8 10S4 15 4 9Z" />
      <path d="M4 9 2 7M20 9l2-2M9 12h6M9 15h6" />
    </>
  ),
  first_aid: (
    <>
      <rect x="3" y="6" width="18" height="14" rx="2" />
      <path d="M9 6V4h6v2M12 10v6M9 13h6" />
    </>
  ),
};

export interface PpeIconProps extends SVGProps<SVGSVGElement> {
  readonly value: Ppe;
}

/** The spec §3 PPE icons (DustMask, EyeProtection, ... WeldingMask) as inline line art. */
export function PpeIcon({ value, ...props }: PpeIconProps) {
  return (
    <svg
      width="32"
      height="32"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-ppe={value}
      {...props}
    >
      {paths[value]}
    </svg>
  );
}
