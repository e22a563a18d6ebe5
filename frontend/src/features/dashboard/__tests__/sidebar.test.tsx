import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderShell } from './render-shell';
import { setViewportWidth } from '@/testing/match-media';

const DESKTOP = 1280;
const TABLET = 800;

const sidebar = () => screen.getByRole('navigation', { name: 'Sidebar' });
const railButton = (name: string) => within(sidebar()).getByRole('button', { name });
const panel = (name: string) => screen.getByRole('group', { name });
const queryPanel = () => screen.queryByRole('group');
const link = (name: string | RegExp) => within(sidebar()).getByRole('link', { name });

describe('the sidebar from 1024 px', () => {
  beforeEach(() => {
    setViewportWidth(DESKTOP);
  });

  it('shows the logo, the icon rail, Settings and the Dashboard panel', () => {
    renderShell('/creator/dashboard/overview');
    expect(within(sidebar()).getByRole('link', { name: 'Paylock dashboard' })).toHaveAttribute(
      'href',
      '/creator/dashboard',
    );
    for (const label of [
      'Dashboard',
      'Contracts',
      'Wallet',
      'Brand Collaborations',
      'Campaigns',
      'Invoices',
      'Media Kit',
    ]) {
      expect(railButton(label)).toBeInTheDocument();
    }
    expect(link('Settings')).toHaveAttribute('href', '/creator/settings');

    const dashboard = panel('Dashboard');
    expect(within(dashboard).getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(dashboard).getByText('4 items')).toBeInTheDocument();
    expect(within(dashboard).getByRole('button', { name: 'Close sidebar' })).toBeInTheDocument();
    expect(
      within(dashboard)
        .getAllByRole('link')
        .map((element) => [element.textContent, element.getAttribute('href')]),
    ).toEqual([
      ['Overview', '/creator/dashboard/overview'],
      ['Analytics', '/creator/dashboard/analytics'],
      ['Insights', '/creator/dashboard/insights'],
      ['Reports', '/creator/dashboard/reports'],
    ]);
  });

  it('names each rail icon in a tooltip', async () => {
    const user = userEvent.setup();
    renderShell('/creator/dashboard/overview');
    await user.hover(railButton('Invoices'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Invoices');
  });

  it('highlights the item and the sub-link the address falls under', () => {
    renderShell('/creator/contracts/pending/42');
    expect(railButton('Contracts')).toHaveAttribute('aria-current', 'true');
    expect(railButton('Dashboard')).not.toHaveAttribute('aria-current');
    expect(within(panel('Contracts')).getByRole('link', { name: /Pending/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(panel('Contracts')).getByRole('link', { name: /Active/ })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('highlights the overview at /creator/dashboard too', () => {
    renderShell('/creator/dashboard');
    expect(railButton('Dashboard')).toHaveAttribute('aria-current', 'true');
    expect(within(panel('Dashboard')).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens with the panel of the item the page belongs to', () => {
    renderShell('/creator/wallet/withdraw');
    expect(within(panel('Wallet')).getByText('4 items')).toBeInTheDocument();
    expect(railButton('Wallet')).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens with the Dashboard panel when no item has the page', () => {
    renderShell('/creator/settings');
    expect(panel('Dashboard')).toBeInTheDocument();
    expect(link('Settings')).toHaveAttribute('aria-current', 'page');
  });

  it('toggles the panel per item', async () => {
    const user = userEvent.setup();
    renderShell('/creator/dashboard/overview');

    await user.click(railButton('Wallet'));
    expect(panel('Wallet')).toBeInTheDocument();
    expect(railButton('Wallet')).toHaveAttribute('aria-expanded', 'true');
    expect(railButton('Dashboard')).toHaveAttribute('aria-expanded', 'false');

    await user.click(railButton('Wallet'));
    expect(queryPanel()).not.toBeInTheDocument();
    expect(railButton('Wallet')).toHaveAttribute('aria-expanded', 'false');

    await user.click(railButton('Campaigns'));
    expect(within(panel('Campaigns')).getByText('4 items')).toBeInTheDocument();
  });

  it('closes from the panel and reopens from the top bar', async () => {
    const user = userEvent.setup();
    renderShell('/creator/dashboard/overview');
    await user.click(within(panel('Dashboard')).getByRole('button', { name: 'Close sidebar' }));
    expect(queryPanel()).not.toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Open sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(panel('Dashboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close sidebar', expanded: true })).toBe(toggle);
  });

  it('follows sub-links and items without sub-links, keeping the panel', async () => {
    const user = userEvent.setup();
    const { pathname } = renderShell('/creator/dashboard/overview');
    await user.click(link(/Analytics/));
    expect(pathname()).toBe('/creator/dashboard/analytics');
    expect(await screen.findByText('Page at /creator/dashboard/analytics')).toBeInTheDocument();
    expect(panel('Dashboard')).toBeInTheDocument();

    await user.click(link('Settings'));
    expect(pathname()).toBe('/creator/settings');
  });

  it('closes on entering a small screen and opens again on entering desktop', () => {
    renderShell('/creator/dashboard/overview');
    expect(panel('Dashboard')).toBeInTheDocument();

    act(() => {
      setViewportWidth(TABLET);
    });
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open sidebar' })).toBeInTheDocument();

    act(() => {
      setViewportWidth(DESKTOP);
    });
    expect(panel('Dashboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close sidebar', expanded: true })).toBeVisible();
  });
});

describe('the sidebar below 1024 px', () => {
  beforeEach(() => {
    setViewportWidth(TABLET);
  });

  const openDrawer = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'Open sidebar' }));
    return screen.getByRole('dialog', { name: 'Sidebar' });
  };

  it('is closed on arrival and opens as a drawer with the rail and the panel', async () => {
    const user = userEvent.setup();
    renderShell('/creator/dashboard/overview');
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();

    const drawer = await openDrawer(user);
    // Focus moves into the drawer (onto the drawer itself, so no tooltip pops up).
    expect(drawer).toHaveFocus();
    expect(within(drawer).getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
    expect(within(drawer).getByRole('group', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('closes when the backdrop is clicked', async () => {
    const user = userEvent.setup();
    renderShell('/creator/dashboard/overview');
    await openDrawer(user);
    await user.click(screen.getByTestId('sidebar-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open sidebar' })).toHaveFocus();
  });

  it('closes on Escape and from its close button', async () => {
    const user = userEvent.setup();
    renderShell('/creator/dashboard/overview');
    await openDrawer(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Close sidebar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('makes way for the page once a link is followed', async () => {
    const user = userEvent.setup();
    const { pathname } = renderShell('/creator/dashboard/overview');
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('link', { name: /Reports/ }));
    expect(pathname()).toBe('/creator/dashboard/reports');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('toggles the panel per item inside the drawer', async () => {
    const user = userEvent.setup();
    renderShell('/creator/dashboard/overview');
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Dashboard' }));
    expect(within(drawer).queryByRole('group')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Media Kit' }));
    expect(within(drawer).getByRole('group', { name: 'Media Kit' })).toBeInTheDocument();
  });

  it('becomes the rail and panel again on entering desktop', async () => {
    const user = userEvent.setup();
    renderShell('/creator/dashboard/overview');
    await openDrawer(user);
    act(() => {
      setViewportWidth(DESKTOP);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(panel('Dashboard')).toBeInTheDocument();
    act(() => {
      setViewportWidth(TABLET);
    });
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();
  });
});
