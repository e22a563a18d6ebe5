import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type {
  PackageRequestDto,
  PackageRequestRequestDto,
  PublicMediaKitDto,
  RatePackageDto,
} from '@/api/generated/types.gen';
import type { AuthState } from '@/lib/auth/auth-context';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { PackageRequestsPage } from '../components/package-requests-page';
import { RequestFunnel } from '../components/request-funnel';
import { RequestPackagePage } from '../components/request-package-page';

const REEL: RatePackageDto = {
  id: 'p1',
  title: 'Instagram Reel',
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
};

const KIT: PublicMediaKitDto = {
  handle: 'asha.creates',
  displayName: 'Asha Rao',
  photoUrl: null,
  bio: '',
  city: 'Pune',
  niches: [],
  languages: [],
  portfolioLinks: [],
  platforms: [],
  packages: [REEL],
  indexable: false,
  trackRecord: null,
};

const REQUEST: PackageRequestDto = {
  id: 'r1',
  package: REEL,
  brand: {
    companyName: 'Glow Naturals',
    contactName: 'Meera Shah',
    contactEmail: 'meera@glownaturals.in',
    contactMobile: '9876543210',
    signedIn: false,
  },
  brief: 'Our Diwali launch',
  startDate: '2026-12-01',
  endDate: '2026-12-20',
  state: 'requested',
  requestedAt: '2026-11-28T05:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  dealId: null,
};

const PUBLIC_KIT = '/api/v1/public/media-kits/asha.creates';
const PACKAGE = `${PUBLIC_KIT}/packages/p1`;

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderRequestForm(packageId = 'p1', auth?: AuthState) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/media-kit/asha.creates/request/${packageId}`]}>
      <Routes>
        <Route path="/media-kit/:handle/request/:packageId" element={<RequestPackagePage />} />
      </Routes>
    </MemoryRouter>,
    auth ? { auth } : {},
  );
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Company'), 'Glow Naturals');
  await user.type(screen.getByLabelText('Your name'), 'Meera Shah');
  await user.type(screen.getByLabelText('Work e-mail'), 'meera@glownaturals.in');
  await user.type(screen.getByLabelText('Brief'), 'Our Diwali launch');
  await user.type(screen.getByLabelText('First day'), '2026-12-01');
  await user.type(screen.getByLabelText('Last day'), '2026-12-20');
}

describe('requesting a package', () => {
  it('sends a code to the mobile, then the request with the code', async () => {
    const user = userEvent.setup();
    const sent: PackageRequestRequestDto[] = [];
    server.use(
      http.get(apiUrl(PUBLIC_KIT), () => HttpResponse.json(KIT)),
      http.post(apiUrl(`${PACKAGE}/request-codes`), () =>
        HttpResponse.json(
          { maskedPhone: '+91 98XXXXXX10', resendAfterSeconds: 60, expiresInSeconds: 600 },
          { status: 202 },
        ),
      ),
      http.post(apiUrl(`${PACKAGE}/requests`), async ({ request }) => {
        sent.push((await request.json()) as PackageRequestRequestDto);
        return HttpResponse.json({ id: 'r1', state: 'requested' }, { status: 201 });
      }),
    );
    renderRequestForm();
    expect(
      await screen.findByRole('heading', { name: 'Request “Instagram Reel” from Asha Rao' }),
    ).toBeInTheDocument();
    await fillForm(user);
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Code sent to +91 98XXXXXX10.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the SMS'), '123456');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        companyName: 'Glow Naturals',
        contactMobile: '9876543210',
        code: '123456',
        startDate: '2026-12-01',
      }),
    ]);
  });

  it('asks a signed-in brand for no code, and shows the server’s problem under its field', async () => {
    const user = userEvent.setup();
    const sent: PackageRequestRequestDto[] = [];
    server.use(
      http.get(apiUrl(PUBLIC_KIT), () => HttpResponse.json(KIT)),
      http.post(apiUrl(`${PACKAGE}/requests`), async ({ request }) => {
        sent.push((await request.json()) as PackageRequestRequestDto);
        return HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            errors: { startDate: 'startDate cannot be in the past' },
          },
          { status: 400 },
        );
      }),
    );
    renderRequestForm('p1', {
      status: 'authenticated',
      user: {
        displayName: 'Glow',
        email: '',
        photoURL: null,
        phone: '+919876543210',
        roles: ['brand'],
      },
    });
    await fillForm(user);
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('startDate cannot be in the past')).toBeInTheDocument();
    expect(sent[0]).not.toHaveProperty('code');
  });

  it('says a package that is not on the page is not available', async () => {
    server.use(http.get(apiUrl(PUBLIC_KIT), () => HttpResponse.json(KIT)));
    renderRequestForm('hidden');
    expect(
      await screen.findByRole('heading', { name: 'This package is not available' }),
    ).toBeInTheDocument();
  });
});

function renderRequests() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/creator/media-kit/requests']}>
      <Routes>
        <Route path="*" element={<PackageRequestsPage />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

describe('the creator’s requests', () => {
  it('accepts a request and opens the deal draft in the deal editor', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/api/v1/media-kit/requests'), () =>
        HttpResponse.json({ items: [REQUEST], nextCursor: null }),
      ),
      http.post(apiUrl('/api/v1/media-kit/requests/r1/accept'), () =>
        HttpResponse.json({ ...REQUEST, state: 'accepted', dealId: 'd1' }),
      ),
    );
    renderRequests();
    expect(
      await screen.findByRole('heading', { name: 'Glow Naturals: “Instagram Reel”' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Waiting for you')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept and draft the deal' }));
    expect(await screen.findByText('/creator/contracts/d1/edit')).toBeInTheDocument();
  });

  it('links an accepted request to its deal draft', async () => {
    server.use(
      http.get(apiUrl('/api/v1/media-kit/requests'), () =>
        HttpResponse.json({
          items: [{ ...REQUEST, state: 'accepted', dealId: 'd1' }],
          nextCursor: null,
        }),
      ),
    );
    renderRequests();
    expect(await screen.findByRole('link', { name: 'Open the deal draft' })).toHaveAttribute(
      'href',
      '/creator/contracts/d1/edit',
    );
    expect(screen.queryByRole('button', { name: 'Accept and draft the deal' })).toBeNull();
  });

  it('declines with a reason for the brand', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.get(apiUrl('/api/v1/media-kit/requests'), () =>
        HttpResponse.json({ items: [REQUEST], nextCursor: null }),
      ),
      http.post(apiUrl('/api/v1/media-kit/requests/r1/decline'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...REQUEST, state: 'declined', declineReason: 'Booked' });
      }),
    );
    renderRequests();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.type(screen.getByLabelText('Reason (optional, sent to the brand)'), 'Booked');
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));
    await waitFor(() => {
      expect(body).toEqual({ reason: 'Booked' });
    });
  });

  it('reads older pages with the server’s cursor', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(apiUrl('/api/v1/media-kit/requests'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor === 'next.page'
          ? HttpResponse.json({
              items: [
                { ...REQUEST, id: 'r0', brand: { ...REQUEST.brand, companyName: 'Older Co' } },
              ],
              nextCursor: null,
            })
          : HttpResponse.json({ items: [REQUEST], nextCursor: 'next.page' });
      }),
    );
    renderRequests();
    await user.click(await screen.findByRole('button', { name: 'Older requests' }));
    expect(
      await screen.findByRole('heading', { name: 'Older Co: “Instagram Reel”' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer requests' })).toBeInTheDocument();
  });

  it('shows the funnel from requests to funded deals', async () => {
    server.use(
      http.get(apiUrl('/api/v1/media-kit/requests/funnel'), () =>
        HttpResponse.json({ received: 7, dealsSent: 3, accepted: 2, funded: 1 }),
      ),
    );
    renderWithProviders(<RequestFunnel />);
    expect(await screen.findByText('Requests received')).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([
      '7Requests received',
      '3Deals sent',
      '2Accepted by the brand',
      '1Funded',
    ]);
  });
});
