import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { PreviewBanner } from '../preview-banner';

const running = 'Preview backend running in this workspace.';
const disconnected = 'Preview backend disconnected.';
const liveness = apiUrl('/api/v1/health/live');

describe('PreviewBanner', () => {
  it('says the backend runs when the liveness probe answers', async () => {
    renderWithProviders(<PreviewBanner />);
    expect(await screen.findByText(running)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(running);
  });

  it('says the backend is disconnected when the probe fails', async () => {
    server.use(
      http.get(liveness, () =>
        HttpResponse.json(
          { statusCode: 502, code: 'BAD_GATEWAY', message: 'Bad gateway', requestId: 'r1' },
          { status: 502 },
        ),
      ),
    );
    renderWithProviders(<PreviewBanner />);
    expect(await screen.findByText(disconnected)).toBeInTheDocument();
  });

  it('says the backend is disconnected when the network fails', async () => {
    server.use(http.get(liveness, () => HttpResponse.error()));
    renderWithProviders(<PreviewBanner />);
    expect(await screen.findByText(disconnected)).toBeInTheDocument();
  });

  it('follows the backend going away and coming back', async () => {
    renderWithProviders(<PreviewBanner />);
    const banner = await screen.findByRole('status');
    await expect.poll(() => banner.textContent, { timeout: 1000 }).toBe(running);

    server.use(http.get(liveness, () => HttpResponse.error()));
    await expect.poll(() => banner.textContent, { timeout: 3000 }).toBe(disconnected);

    server.resetHandlers();
    await expect.poll(() => banner.textContent, { timeout: 3000 }).toBe(running);
  });
});
