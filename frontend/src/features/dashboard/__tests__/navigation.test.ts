import { describe, expect, it } from 'vitest';
import {
  dashboardItem,
  findDestination,
  initiallyExpandedItem,
  isItemActive,
  isLinkActive,
  mainNavItems,
  settingsItem,
} from '../navigation';

const item = (id: string) => {
  const found = mainNavItems.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};
const overview = dashboardItem.subLinks[0];
if (!overview) throw new Error('Dashboard has no Overview');

describe('the sidebar navigation', () => {
  it('lists the specification entries, each with its sub-links under /creator/', () => {
    expect(mainNavItems.map(({ label }) => label)).toEqual([
      'Dashboard',
      'Contracts',
      'Wallet',
      'Brand Collaborations',
      'Campaigns',
      'Invoices',
      'Media Kit',
    ]);
    for (const { href, subLinks } of mainNavItems) {
      expect(href).toMatch(/^\/creator\//);
      expect(subLinks.length).toBeGreaterThan(0);
      for (const link of subLinks) {
        expect(link.href === href || link.href.startsWith(`${href}/`)).toBe(true);
      }
    }
    expect(settingsItem).toMatchObject({ href: '/creator/settings', subLinks: [] });
  });

  it('marks the overview active at /, /creator/dashboard and its own address', () => {
    for (const path of [
      '/',
      '/creator/dashboard',
      '/creator/dashboard/',
      '/creator/dashboard/overview',
    ]) {
      expect(isLinkActive(overview, path)).toBe(true);
      expect(isItemActive(dashboardItem, path)).toBe(true);
    }
    expect(isLinkActive(overview, '/creator/dashboard/analytics')).toBe(false);
  });

  it('marks items active by path prefix, not by a shared beginning of a name', () => {
    expect(isItemActive(item('contracts'), '/creator/contracts/')).toBe(true);
    expect(isItemActive(item('contracts'), '/creator/contracts/active/42')).toBe(true);
    expect(isItemActive(item('contracts'), '/creator/contracts-archive')).toBe(false);
    expect(isItemActive(item('contracts'), '/creator/dashboard/overview')).toBe(false);
    expect(isItemActive(settingsItem, '/creator/settings')).toBe(true);
  });

  it('expands the item the page belongs to, else Dashboard', () => {
    expect(initiallyExpandedItem('/creator/wallet/withdraw').id).toBe('wallet');
    expect(initiallyExpandedItem('/creator/contracts/').id).toBe('contracts');
    expect(initiallyExpandedItem('/creator/settings').id).toBe('dashboard');
    expect(initiallyExpandedItem('/').id).toBe('dashboard');
  });

  it('finds the entry behind an address', () => {
    expect(findDestination('/creator/media-kit/share')).toMatchObject({
      item: { label: 'Media Kit' },
      link: { label: 'Share' },
    });
    expect(findDestination('/creator/settings')).toEqual({ item: settingsItem });
    expect(findDestination('/creator/media-kit/nope')).toBeUndefined();
  });
});
