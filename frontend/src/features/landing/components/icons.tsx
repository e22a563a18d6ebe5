import type { ReactNode } from 'react';

/**
 * The landing page's few line icons, drawn on a 24-unit grid. Hand-drawn rather than taken from
 * the icon library: its shared runtime alone would cost the landing page's first load 1.5 kB.
 * Always decorative: the control or text beside an icon names it.
 */
function LineIcon({ className = 'size-5', children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

type IconProps = { className?: string };

export const MenuIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </LineIcon>
);

export const CloseIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </LineIcon>
);

export const PreviousIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="m15 5-7 7 7 7" />
  </LineIcon>
);

export const NextIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="m9 5 7 7-7 7" />
  </LineIcon>
);

export const PauseIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M9 5v14M15 5v14" />
  </LineIcon>
);

export const PlayIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M8 5v14l11-7z" />
  </LineIcon>
);

export const CalendarMissedIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M8 3v4M16 3v4M3.5 10h17M10 13.5l4 4M14 13.5l-4 4" />
  </LineIcon>
);

export const RupeeIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M7 4h10M7 8.5h10M10 4c5 0 5 9 0 9H7l7 7" />
  </LineIcon>
);

export const MissingContractIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9.5 12.5l5 5M14.5 12.5l-5 5" />
  </LineIcon>
);

export const FilmIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3" y="9" width="18" height="11" rx="2" />
    <path d="m3.5 9 16-4.5M8 7.7l2.5 1.3M13 6.3l2.5 1.3" />
  </LineIcon>
);
