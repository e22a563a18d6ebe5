import type { SocialProfile } from '../landing-content';

type Network = SocialProfile['network'];

const iconProps = {
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  className: 'size-5',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Simple line drawings that hint at each network; the link's label names it. */
const icons: Record<Network, () => React.JSX.Element> = {
  Instagram: () => (
    <svg {...iconProps}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </svg>
  ),
  X: () => (
    <svg {...iconProps}>
      <path d="M5 4l14 16M19 4 5 20" />
    </svg>
  ),
  LinkedIn: () => (
    <svg {...iconProps}>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5a2.5 2.5 0 0 1 5 0V17" />
    </svg>
  ),
  YouTube: () => (
    <svg {...iconProps}>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" fill="currentColor" />
    </svg>
  ),
};

export function SocialIcon({ network }: { network: Network }) {
  const Icon = icons[network];
  return <Icon />;
}
