import {
  FileText,
  Handshake,
  IdCard,
  LayoutDashboard,
  Megaphone,
  Receipt,
  Settings,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import {
  creatorPagePath,
  creatorSectionPath,
  paths,
  type CreatorPage,
  type CreatorSection,
} from '../../config/paths';
import type { AuthUser } from '../../lib/auth/auth-context';

/** A page the sidebar links to. */
export interface NavLink {
  label: string;
  href: string;
  /** A short tag beside the link. */
  badge?: string;
  /** Further addresses at which the link counts as the current one. */
  alsoActiveAt?: readonly string[];
  /** Current only at its own address, not below it (a section's "All" page). */
  exact?: boolean;
}

/** An entry of the sidebar's icon rail. */
export interface NavItem {
  id: string;
  label: string;
  /** The item's own address: it navigates there when it has no sub-links. */
  href: string;
  icon: LucideIcon;
  /** What the section will offer, shown on its pages until they exist. */
  summary: string;
  subLinks: readonly NavLink[];
}

const SOON = 'Soon';

/** A sub-link to a built page of a section. */
const built = <Section extends CreatorSection>(
  section: Section,
  page: CreatorPage<Section>,
  label: string,
): NavLink => ({ label, href: creatorPagePath(section, page) });

/** A section's own page, listing everything in it. */
const sectionHome = (section: CreatorSection, label: string): NavLink => ({
  label,
  href: creatorSectionPath(section),
  exact: true,
});

/** A sub-link to a page that only says the feature is coming. */
const comingSoon = <Section extends CreatorSection>(
  section: Section,
  page: CreatorPage<Section>,
  label: string,
): NavLink => ({ label, href: creatorPagePath(section, page), badge: SOON });

/** A page of a section, by name, with its link's label; marked SOON where it only says it is coming. */
type SectionPage<Section extends CreatorSection> = readonly [
  page: CreatorPage<Section>,
  label: string,
  soon?: typeof SOON,
];

/**
 * A section of the rail, at the section's address: its home page listing everything in it (when
 * it has one, labelled `home`), then its pages.
 */
function section<Section extends CreatorSection>(
  id: Section,
  { label, icon, summary, home }: Omit<NavItem, 'id' | 'href' | 'subLinks'> & { home?: string },
  pages: readonly SectionPage<Section>[],
): NavItem {
  return {
    id,
    label,
    href: creatorSectionPath(id),
    icon,
    summary,
    subLinks: [
      ...(home ? [sectionHome(id, home)] : []),
      ...pages.map(([page, pageLabel, soon]) =>
        soon ? comingSoon(id, page, pageLabel) : built(id, page, pageLabel),
      ),
    ],
  };
}

export const dashboardItem: NavItem = {
  id: 'dashboard',
  label: 'Dashboard',
  href: paths.creatorDashboard,
  icon: LayoutDashboard,
  summary: 'Your earnings, milestones and collaborations at a glance.',
  subLinks: [
    {
      label: 'Overview',
      href: paths.creatorDashboardOverview,
      // Both addresses are rewritten to the overview.
      alsoActiveAt: [paths.home, paths.creatorDashboard],
    },
    built('dashboard', 'analytics', 'Analytics'),
    built('dashboard', 'insights', 'Insights'),
    built('dashboard', 'reports', 'Reports'),
  ],
};

/** The rail's main entries, top to bottom. */
export const mainNavItems: readonly NavItem[] = [
  dashboardItem,
  section(
    'contracts',
    {
      label: 'Contracts',
      icon: FileText,
      summary:
        'Legal contracts for every collaboration, with clear deliverables, timelines and payment terms.',
      home: 'All contracts',
    },
    [
      ['active', 'Active'],
      ['pending', 'Pending'],
      ['completed', 'Completed'],
      ['templates', 'Templates'],
    ],
  ),
  section(
    'wallet',
    {
      label: 'Wallet',
      icon: Wallet,
      summary: 'Guaranteed and upfront payouts, paid into your wallet as milestones are met.',
      home: 'Overview',
    },
    [
      ['transactions', 'Transactions'],
      ['withdraw', 'Withdraw'],
      ['settings', 'Settings'],
    ],
  ),
  section(
    'collaborations',
    {
      label: 'Brand Collaborations',
      icon: Handshake,
      summary: 'Every brand deal in one place, from the first proposal to the final payment.',
      home: 'All brands',
    },
    [
      ['active', 'Active'],
      ['proposals', 'Proposals'],
      ['archive', 'Archive'],
    ],
  ),
  section(
    'campaigns',
    {
      label: 'Campaigns',
      icon: Megaphone,
      summary: 'Plan and track the campaigns you run for brands, deliverable by deliverable.',
      home: 'All campaigns',
    },
    [
      ['running', 'Running'],
      ['draft', 'Drafts'],
      ['completed', 'Completed'],
    ],
  ),
  section(
    'invoices',
    {
      label: 'Invoices',
      icon: Receipt,
      summary: 'Invoices that follow your milestones, so you always know what is due and when.',
      home: 'All invoices',
    },
    [
      ['pending', 'Pending'],
      ['paid', 'Paid'],
      ['overdue', 'Overdue'],
      ['create', 'Create Invoice'],
    ],
  ),
  section(
    'media-kit',
    {
      label: 'Media Kit',
      icon: IdCard,
      summary: 'A media kit brands can trust: your audience, reach and past work, ready to share.',
    },
    [
      ['edit', 'Edit'],
      ['analytics', 'Analytics'],
      ['share', 'Share'],
      ['requests', 'Requests'],
    ],
  ),
];

export const settingsItem: NavItem = {
  id: 'settings',
  label: 'Settings',
  href: paths.creatorSettings,
  icon: Settings,
  summary: 'Your profile, payout details and account security.',
  subLinks: [],
};

/** The rail's entries pinned to its bottom. */
export const footerNavItems: readonly NavItem[] = [settingsItem];

/**
 * A brand's account: its place is the brand workspace (/brand), never the creator dashboard. Here
 * rather than in lib/auth, which the landing page loads: only the signed-in areas ask.
 */
export const isBrand = (user: AuthUser): boolean => user.roles.includes('brand');

/** A signed-in area's sidebar: its logo's address and its rail's entries. */
export interface Workspace {
  /** Where the logo leads. */
  home: string;
  main: readonly NavItem[];
  footer: readonly NavItem[];
  /** The item whose panel shows when the current page belongs to none. */
  defaultItem: NavItem;
}

/** The creator dashboard's sidebar (the specification's). */
export const creatorWorkspace: Workspace = {
  home: paths.creatorDashboard,
  main: mainNavItems,
  footer: footerNavItems,
  defaultItem: dashboardItem,
};

const allNavItems = (workspace: Workspace) => [...workspace.main, ...workspace.footer];

const withoutTrailingSlash = (path: string) =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;

/** Whether `pathname` is at `href` or below it. */
export function matchesPrefix(pathname: string, href: string): boolean {
  const path = withoutTrailingSlash(pathname);
  const base = withoutTrailingSlash(href);
  return path === base || path.startsWith(`${base}/`);
}

export function isLinkActive(link: NavLink, pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  const here = link.exact
    ? path === withoutTrailingSlash(link.href)
    : matchesPrefix(path, link.href);
  return here || (link.alsoActiveAt ?? []).includes(path);
}

/** An item is active anywhere in its section: at its own address or at any of its sub-links'. */
export function isItemActive(item: NavItem, pathname: string): boolean {
  return (
    matchesPrefix(pathname, item.href) || item.subLinks.some((link) => isLinkActive(link, pathname))
  );
}

/** The item whose sub-panel is open at first: the one the current page belongs to, else Dashboard. */
export function initiallyExpandedItem(
  pathname: string,
  workspace: Workspace = creatorWorkspace,
): NavItem {
  return (
    workspace.main.find((item) => item.subLinks.length > 0 && isItemActive(item, pathname)) ??
    workspace.defaultItem
  );
}

export function findNavItem(
  id: string,
  workspace: Workspace = creatorWorkspace,
): NavItem | undefined {
  return allNavItems(workspace).find((item) => item.id === id);
}

/** The sidebar entry a page belongs to and, for a sub-link's page, the sub-link. */
export interface NavDestination {
  item: NavItem;
  link?: NavLink;
}

export function findDestination(pathname: string): NavDestination | undefined {
  const path = withoutTrailingSlash(pathname);
  for (const item of allNavItems(creatorWorkspace)) {
    const link = item.subLinks.find((candidate) => candidate.href === path);
    if (link) return { item, link };
    if (item.href === path) return { item };
  }
  return undefined;
}
