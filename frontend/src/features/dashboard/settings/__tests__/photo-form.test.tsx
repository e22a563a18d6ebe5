import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '@/testing/auth-states';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { resetAccountPhotoForTests } from '../api/photo';
import { PhotoForm } from '../components/photo-form';

const PHOTO_URL = apiUrl('/api/v1/account/photo');
const SERVED = 'http://localhost:3000/api/v1/profile-photos/acc/v1';

describe('Settings → Profile: your photo', () => {
  afterEach(() => {
    resetAccountPhotoForTests();
  });

  it('uploads the image itself with its type, then shows it and offers to remove it', async () => {
    const uploads: { type: string | null; size: number }[] = [];
    let removed = false;
    server.use(
      http.put(PHOTO_URL, async ({ request }) => {
        uploads.push({
          type: request.headers.get('Content-Type'),
          size: (await request.arrayBuffer()).byteLength,
        });
        return HttpResponse.json({ photoUrl: SERVED });
      }),
      http.delete(PHOTO_URL, () => {
        removed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<PhotoForm />, { auth: signedIn });
    expect(await screen.findByText('No photo yet.')).toBeInTheDocument();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText('Your photo'), file);
    expect(await screen.findByRole('img', { name: 'Your photo' })).toHaveAttribute('src', SERVED);
    expect(uploads).toEqual([{ type: 'image/png', size: 4 }]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('No photo yet.')).toBeInTheDocument();
    expect(removed).toBe(true);
  });

  it('says why without sending a file over 2 MB, and shows the server’s refusal', async () => {
    server.use(
      http.put(PHOTO_URL, () =>
        HttpResponse.json(
          {
            statusCode: 422,
            code: 'PHOTO_NOT_ACCEPTED',
            message:
              'This file is not a plain image. Please export it again as PNG, JPEG or WebP and retry.',
          },
          { status: 422 },
        ),
      ),
    );
    renderWithProviders(<PhotoForm />, { auth: signedIn });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Your photo'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The photo must be 2 MB or smaller.',
    );

    const polyglot = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'odd.jpg', {
      type: 'image/jpeg',
    });
    await userEvent.upload(screen.getByLabelText('Your photo'), polyglot);
    expect(await screen.findByText(/This file is not a plain image/)).toBeInTheDocument();
  });
});
