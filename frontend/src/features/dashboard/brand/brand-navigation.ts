import { Bell, Building2, CalendarClock, FileText, Handshake } from 'lucide-react';
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

const notificationsItem: NavItem = {
  id: 'notifications',
  label: 'Notifications',
  href: brandPaths.notifications,
  icon: Bell,
  summary: 'What Paylock told you about your deals: money to fund, work to review.',
  subLinks: [
    { label: 'All notifications', href: brandPaths.notifications },
    { label: 'Notification settings', href: `${brandPaths.notifications}/preferences` },
  ],
};

const owedItem: NavItem = {
  id: 'owed',
  label: 'What we owe',
  href: brandPaths.owed,
  icon: CalendarClock,
  summary: 'Funding and approvals due, with their dates, and what you paid each creator.',
  subLinks: [],
};

const booksItem: NavItem = {
  id: 'books',
  label: 'Invoices and statement',
  href: brandPaths.invoices,
  icon: FileText,
  summary: 'The invoices creators issued to you, and a statement for your books.',
  subLinks: [
    { label: 'Invoices', href: brandPaths.invoices },
    { label: 'Statement', href: brandPaths.statement },
  ],
};

const profileItem: NavItem = {
  id: 'profile',
  label: 'Company profile',
  href: brandPaths.profile,
  icon: Building2,
  summary: 'Your company name and the person creators deal with.',
  subLinks: [],
};

/**
 * The brand workspace's sidebar: Deals, what it owes, its invoices and statement, Notifications,
 * and the company profile.
 */
export const brandWorkspace: Workspace = {
  home: paths.brand,
  main: [dealsItem, owedItem, booksItem, notificationsItem],
  footer: [profileItem],
  defaultItem: dealsItem,
};
