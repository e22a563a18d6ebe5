import { Building2, Handshake } from 'lucide-react';
import { paths } from '@/config/paths';
import { brandPaths } from './brand-paths';
import type { NavItem, Workspace } from '../navigation';

const dealsItem: NavItem = {
  id: 'deals',
  label: 'Deals',
  href: brandPaths.deals,
  icon: Handshake,
  summary: 'The deals creators send to your number, to review, accept or decline.',
  subLinks: [{ label: 'All deals', href: brandPaths.deals, alsoActiveAt: [paths.brand] }],
};

const profileItem: NavItem = {
  id: 'profile',
  label: 'Company profile',
  href: brandPaths.profile,
  icon: Building2,
  summary: 'Your company name and the person creators deal with.',
  subLinks: [],
};

/** The brand workspace's sidebar: Deals, and the company profile at the bottom. */
export const brandWorkspace: Workspace = {
  home: paths.brand,
  main: [dealsItem],
  footer: [profileItem],
  defaultItem: dealsItem,
};
