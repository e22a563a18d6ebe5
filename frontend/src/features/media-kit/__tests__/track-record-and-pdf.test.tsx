import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaKitDto, MediaKitRequestDto } from '@/api/generated/types.gen';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { EditMediaKitPage } from '../components/edit-media-kit-page';
import { ShareMediaKitPage } from '../components/share-media-kit-page';

const KIT: MediaKitDto = {
  handle: 'asha.creates',
  published: true,
  bio: 'Beauty in Hindi',
  niches: [],
  languages: [],
  city: 'Pune',
  portfolioLinks: [],
  platforms: [],
  packages: [],
  allowIndexing: false,
  showTrackRecord: false,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

function renderPage(page: React.ReactNode) {
  return renderWithProviders(<MemoryRouter>{page}</MemoryRouter>);
}

describe('media kit: track record consent and the PDF', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the track record is off until the creator ticks it, and the choice is saved', async () => {
    const user = userEvent.setup();
    let sent: MediaKitRequestDto | undefined;
    server.use(
      http.get(apiUrl('/api/v1/media-kit'), () => HttpResponse.json(KIT)),
      http.put(apiUrl('/api/v1/media-kit'), async ({ request }) => {
        sent = (await request.json()) as MediaKitRequestDto;
        return HttpResponse.json({ ...KIT, showTrackRecord: sent.showTrackRecord });
      }),
    );
    renderPage(<EditMediaKitPage />);
    const consent = await screen.findByRole('checkbox', {
      name: 'Show my track record on Paylock',
    });
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription(/Counts only: never amounts or brand names/);
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(sent?.showTrackRecord).toBe(true);
  });

  it('downloads the kit as a PDF under the name the server gives', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/api/v1/media-kit'), () => HttpResponse.json(KIT)),
      http.get(
        apiUrl('/api/v1/media-kit/kit.pdf'),
        () =>
          new HttpResponse(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="paylock-media-kit-asha.creates.pdf"',
            },
          }),
      ),
    );
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:kit');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderPage(<ShareMediaKitPage />);
    await user.click(await screen.findByRole('button', { name: 'Download the kit as a PDF' }));
    await vi.waitFor(() => {
      expect(saved).toEqual(['paylock-media-kit-asha.creates.pdf']);
    });
  });

  it('says so when the PDF cannot be downloaded', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/api/v1/media-kit'), () => HttpResponse.json(KIT)),
      http.get(apiUrl('/api/v1/media-kit/kit.pdf'), () =>
        HttpResponse.json({ statusCode: 503, message: 'Unavailable' }, { status: 503 }),
      ),
    );
    renderPage(<ShareMediaKitPage />);
    await user.click(await screen.findByRole('button', { name: 'Download the kit as a PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The PDF could not be downloaded. Please try again.',
    );
  });
});
