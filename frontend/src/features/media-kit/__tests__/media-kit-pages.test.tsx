import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MediaKitDto, MediaKitRequestDto } from '@/api/generated/types.gen';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { EditMediaKitPage } from '../components/edit-media-kit-page';
import { MediaKitAnalyticsPage } from '../components/media-kit-analytics-page';
import { MediaKitPage } from '../components/media-kit-page';
import { ShareMediaKitPage } from '../components/share-media-kit-page';

const KIT: MediaKitDto = {
  handle: 'asha.creates',
  published: false,
  bio: 'Beauty in Hindi',
  niches: ['beauty'],
  languages: ['Hindi'],
  city: 'Pune',
  portfolioLinks: [],
  platforms: [],
  packages: [
    {
      id: 'p1',
      title: 'Reel',
      platform: 'instagram',
      kind: 'reel',
      quantity: 1,
      usageRights: 'Organic',
      usagePeriodDays: 90,
      pricePaise: 25_000_00,
      priceIsFrom: false,
      turnaroundDays: 7,
      milestoneSplit: [50, 50],
      visible: true,
    },
    {
      id: 'p2',
      title: 'Story',
      platform: 'instagram',
      kind: 'story',
      quantity: 3,
      usageRights: 'Organic',
      usagePeriodDays: 30,
      pricePaise: 8_000_00,
      priceIsFrom: true,
      turnaroundDays: 3,
      milestoneSplit: [100],
      visible: false,
    },
  ],
  allowIndexing: false,
  showTrackRecord: false,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

function renderPage(page: React.ReactNode) {
  return renderWithProviders(<MemoryRouter>{page}</MemoryRouter>);
}

describe('media kit', () => {
  it('publishes the page and then shows its public address', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/api/v1/media-kit'), () => HttpResponse.json(KIT)),
      http.put(apiUrl('/api/v1/media-kit/publication'), async ({ request }) => {
        const body = (await request.json()) as { published: boolean };
        return HttpResponse.json({ ...KIT, published: body.published });
      }),
    );
    renderPage(<MediaKitPage />);
    expect(await screen.findByText('Not published')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: `${window.location.origin}/@asha.creates` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  });

  it('shows the server’s answer under the handle field', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/api/v1/media-kit'), () => HttpResponse.json({ ...KIT, handle: null })),
      http.put(apiUrl('/api/v1/media-kit/handle'), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            errors: { handle: 'This handle is reserved. Please choose another.' },
          },
          { status: 400 },
        ),
      ),
    );
    renderPage(<MediaKitPage />);
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.type(screen.getByLabelText(/Your handle/), 'admin');
    await user.click(screen.getByRole('button', { name: 'Choose handle' }));
    expect(
      await screen.findByText('This handle is reserved. Please choose another.'),
    ).toBeVisible();
  });

  it('reorders and hides packages, and sends the rate card in paise in its new order', async () => {
    const user = userEvent.setup();
    let sent: MediaKitRequestDto | undefined;
    server.use(
      http.get(apiUrl('/api/v1/media-kit'), () => HttpResponse.json(KIT)),
      http.put(apiUrl('/api/v1/media-kit'), async ({ request }) => {
        sent = (await request.json()) as MediaKitRequestDto;
        return HttpResponse.json({ ...KIT, packages: sent.packages });
      }),
    );
    renderPage(<EditMediaKitPage />);
    await user.click(await screen.findByRole('button', { name: 'Move Story up' }));
    const story = screen.getByRole('group', { name: 'Story' });
    await user.click(within(story).getByLabelText('Show on my public page'));
    await user.clear(screen.getByLabelText('Languages (comma-separated)'));
    await user.type(screen.getByLabelText('Languages (comma-separated)'), 'Hindi, English');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(sent?.languages).toEqual(['Hindi', 'English']);
    expect(sent?.packages.map((item) => [item.id, item.visible, item.pricePaise])).toEqual([
      ['p2', true, 8_000_00],
      ['p1', true, 25_000_00],
    ]);
  });

  it('shows each unsafe portfolio link’s problem from the server', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/api/v1/media-kit'), () => HttpResponse.json(KIT)),
      http.put(apiUrl('/api/v1/media-kit'), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            errors: {
              'portfolioLinks[0]': 'Enter a full web address starting with https:// or http://',
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderPage(<EditMediaKitPage />);
    await user.type(await screen.findByLabelText(/Portfolio links/), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/Link 1: Enter a full web address starting with https:\/\//),
    ).toBeInTheDocument();
  });

  it('shares the published page’s link and its QR code', async () => {
    server.use(
      http.get(apiUrl('/api/v1/media-kit'), () => HttpResponse.json({ ...KIT, published: true })),
    );
    renderPage(<ShareMediaKitPage />);
    const url = `${window.location.origin}/@asha.creates`;
    expect(await screen.findByText(url)).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: `QR code of ${url}` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('link', { name: 'Download the QR code' })).toBeInTheDocument();
  });

  it('lists the views and unique visitors of each day, newest first', async () => {
    const days = Array.from({ length: 30 }, (_, index) => ({
      day: `2026-11-${String(index + 1).padStart(2, '0')}`,
      views: index === 29 ? 5 : 0,
      uniqueVisitors: index === 29 ? 2 : 0,
    }));
    server.use(
      http.get(apiUrl('/api/v1/media-kit/analytics'), () => HttpResponse.json({ days })),
      http.get(apiUrl('/api/v1/media-kit/requests/funnel'), () =>
        HttpResponse.json({ received: 0, dealsSent: 0, accepted: 0, funded: 0 }),
      ),
    );
    renderPage(<MediaKitAnalyticsPage />);
    const table = await screen.findByRole('table', { name: 'Views per day' });
    const [, newest] = within(table).getAllByRole('row');
    expect(newest).toHaveTextContent(/30 Nov\s*5\s*2/);
  });
});
