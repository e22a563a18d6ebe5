import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';
import { LandingPage } from '../components/landing-page';
import { brandChats, creatorPosts } from '../landing-content';

const STATS_URL = apiUrl('/api/v1/extra/waitlist/stats');

function renderLanding() {
  render(
    <TestProviders>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

// jsdom does not scroll.
const scrollIntoView = vi.fn();

beforeEach(() => {
  scrollTo(0);
  Element.prototype.scrollIntoView = scrollIntoView;
  server.use(
    http.get(STATS_URL, () =>
      HttpResponse.json({ totalSlots: 1000, takenSlots: 158, remainingSlots: 842 }),
    ),
  );
});

describe('LandingPage', () => {
  it('pitches the product with its tagline and the creators behind it', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Paylock' })).toBeInTheDocument();
    expect(screen.getAllByText("Paylock it, Don't Chase it")).toHaveLength(1);
    expect(screen.getByText(/milestones, backed by a legal contract/)).toBeInTheDocument();
    expect(screen.getByText(/no chasing brands for money/)).toBeInTheDocument();
    expect(screen.getByText(/conversations with over 1,000 creators/)).toBeInTheDocument();
  });

  it('shows the live number of early-access slots left', async () => {
    renderLanding();
    expect(
      await screen.findByText('842 of 1,000 early-access slots left for trusted influencers'),
    ).toBeInTheDocument();
  });

  it('keeps the static offer when the slot count cannot be had', async () => {
    server.use(http.get(STATS_URL, () => HttpResponse.json({}, { status: 503 })));
    renderLanding();
    const offer = 'Only 1,000 early-access slots for trusted influencers';
    expect(screen.getByText(offer)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(offer)).toBeInTheDocument();
  });

  it('turns the top bar opaque once the page is scrolled past 50 px', () => {
    renderLanding();
    const bar = screen.getByRole('banner');
    expect(bar).toHaveAttribute('data-opaque', 'false');
    scrollTo(50);
    expect(bar).toHaveAttribute('data-opaque', 'false');
    scrollTo(51);
    expect(bar).toHaveAttribute('data-opaque', 'true');
    scrollTo(0);
    expect(bar).toHaveAttribute('data-opaque', 'false');
  });

  it('leads to the waitlist from the top bar', () => {
    renderLanding();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute(
      'href',
      '/waitlist',
    );
  });

  it('offers returning creators a way to sign in, in the top bar and in the mobile menu', async () => {
    const user = userEvent.setup();
    renderLanding();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('opens and closes the mobile menu of section links', async () => {
    const user = userEvent.setup();
    renderLanding();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    await user.click(within(menu as HTMLElement).getByRole('link', { name: 'Videos' }));
    expect(scrollIntoView).toHaveBeenCalled();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.tab();
    expect(
      within(menu as HTMLElement).getByRole('link', { name: 'Industry Issues' }),
    ).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('scrolls to a section and moves focus there', () => {
    renderLanding();
    const [link] = screen.getAllByRole('link', { name: 'Industry Issues' });
    fireEvent.click(link as HTMLElement);
    const section = screen.getByRole('region', { name: 'Industry Issues' });
    expect(section).toHaveFocus();
  });

  it('names the three pain points', () => {
    renderLanding();
    for (const title of [
      'No Clear Timeline',
      'Delayed or Missed Payments',
      'No Contracts or Informal Agreements',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
  });

  it('describes every screenshot for screen readers', () => {
    renderLanding();
    // Read from the DOM: all but the current slide of each carousel are hidden right now.
    const labels = [...document.querySelectorAll('[role="img"]')].map((image) =>
      image.getAttribute('aria-label'),
    );
    expect(labels).toEqual([...brandChats, ...creatorPosts].map(({ summary }) => summary));
  });

  it('announces the videos without pretending to play any', () => {
    renderLanding();
    const videos = screen.getByRole('region', { name: 'Videos' });
    expect(within(videos).getAllByText(/Coming soon/)).toHaveLength(3);
    expect(videos.querySelector('video, iframe')).toBeNull();
    expect(within(videos).queryByRole('button')).toBeNull();
  });

  it('links to Paylock on each network in a new tab, and to registration', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    for (const network of ['Instagram', 'X', 'LinkedIn', 'YouTube']) {
      const link = within(footer).getByRole('link', {
        name: `Paylock on ${network} (opens in a new tab)`,
      });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(within(footer).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
