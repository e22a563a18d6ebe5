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

const EXPORT_URL = apiUrl('/api/v1/account/data-export');

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

describe('Settings → Data & privacy: download my data', () => {
  it('saves the ZIP the server builds as paylock-my-data.zip', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    server.use(
      http.get(
        EXPORT_URL,
        () => new HttpResponse(zip, { headers: { 'Content-Type': 'application/zip' } }),
      ),
    );
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => {
      expect(downloadBlob).toHaveBeenCalledTimes(1);
    });
    const [file, name] = vi.mocked(downloadBlob).mock.calls[0] ?? [];
    expect(name).toBe('paylock-my-data.zip');
    expect(file?.type).toBe('application/zip');
    expect(new Uint8Array(await (file as Blob).arrayBuffer())).toEqual(zip);
  });

  it('tells the person when the server could not build it', async () => {
    server.use(
      http.get(EXPORT_URL, () =>
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
    renderSettings(brandSignedIn);
    expect(await screen.findByRole('heading', { name: 'Data & privacy' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeInTheDocument();
  });
});
