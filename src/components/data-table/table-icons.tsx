import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const SortAscendingIcon = (props: IconProps) => (
  <Icon {...props}><path d="M12 19V5M5 12l7-7 7 7" /></Icon>
);
export const SortDescendingIcon = (props: IconProps) => (
  <Icon {...props}><path d="M12 5v14M19 12l-7 7-7-7" /></Icon>
);
export const SortNoneIcon = (props: IconProps) => (
  <Icon {...props}><path d="m7 9 5-5 5 5M7 15l5 5 5-5" /></Icon>
);
export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);
export const ChevronLeftIcon = (props: IconProps) => (
  <Icon {...props}><path d="m15 18-6-6 6-6" /></Icon>
);
export const ChevronRightIcon = (props: IconProps) => (
  <Icon {...props}><path d="m9 18 6-6-6-6" /></Icon>
);
