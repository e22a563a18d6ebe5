import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { downloadBlob } from '@/lib/download-blob';
import type { AuthState } from '@/lib/auth/auth-context';
import { signedIn, testUser } from '@/testing/auth-states';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { SettingsPage } from '../components/settings-page';

vi.mock('@/lib/download-blob', () => ({ downloadBlob: vi.fn() }));

const brandSignedIn: AuthState = {
  status: 'authenticated',
  user: {
    ...testUser,
    email: '',
    phone: '+919876543210',
    roles: ['brand'],
  },
};

const EXPORTS_URL = apiUrl('/api/v1/account/data-exports');
const EXPORT_ID = '5f0c2b1e-8d7a-4c8e-9a51-2f3b6c7d8e9f';

const preparing = {
  id: EXPORT_ID,
  state: 'preparing',
  requestedAt: '2026-11-28T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
};
const ready = {
  ...preparing,
  state: 'ready',
  readyAt: '2026-11-28T10:00:05.000Z',
  expiresAt: '2026-12-05T10:00:05.000Z',
  sizeBytes: 2_411_725,
};

function renderSettings(auth: AuthState = signedIn) {
  server.use(http.get(apiUrl('/api/v1/auth/sessions'), () => HttpResponse.json({ sessions: [] })));
  renderWithProviders(
    <MemoryRouter initialEntries={['/creator/settings#data']}>
      <SettingsPage />
      <Toaster />
    </MemoryRouter>,
    { auth },
  );
}

/** The server's exports: none until asked, then preparing for `polls` looks, then ready. */
function exportsServer(polls: number) {
  let asked = false;
  let looks = 0;
  server.use(
    http.get(`${EXPORTS_URL}/latest`, () => {
      if (!asked) return HttpResponse.json({ latest: null });
      looks += 1;
      return HttpResponse.json({ latest: looks > polls ? ready : preparing });
    }),
    http.post(EXPORTS_URL, () => {
      asked = true;
      return HttpResponse.json(preparing, { status: 202 });
    }),
  );
}

describe('Settings → Data & privacy: download my data', () => {
  it('asks for a copy, says it is being prepared, and offers the ZIP once it is ready', async () => {
    exportsServer(1);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    server.use(
      http.get(
        `${EXPORTS_URL}/${EXPORT_ID}/archive`,
        () => new HttpResponse(zip, { headers: { 'Content-Type': 'application/zip' } }),
      ),
    );
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText(/We are preparing your data\. We will tell you/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preparing your data…' })).toBeDisabled();

    expect(
      await screen.findByText(
        'Your data is ready (2.3 MB): download it until 5 December 2026.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download the ZIP' }));
    await vi.waitFor(() => {
      expect(downloadBlob).toHaveBeenCalledTimes(1);
    });
    const [file, name] = vi.mocked(downloadBlob).mock.calls[0] ?? [];
    expect(name).toBe('paylock-my-data.zip');
    expect(file?.type).toBe('application/zip');
    expect(new Uint8Array(await (file as Blob).arrayBuffer())).toEqual(zip);
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeEnabled();
  });

  it('tells the person when the server could not start preparing it', async () => {
    server.use(
      http.get(`${EXPORTS_URL}/latest`, () => HttpResponse.json({ latest: null })),
      http.post(EXPORTS_URL, () =>
        HttpResponse.json(
          { code: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable. Try again soon.' },
          { status: 503 },
        ),
      ),
    );
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('The service is unavailable. Try again soon.'),
    ).toBeInTheDocument();
  });

  it('is offered to a brand too (its export holds the deals its workspace accepted)', async () => {
    server.use(http.get(`${EXPORTS_URL}/latest`, () => HttpResponse.json({ latest: null })));
    renderSettings(brandSignedIn);
    expect(await screen.findByRole('heading', { name: 'Data & privacy' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeInTheDocument();
  });
});
