import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const apiUrl = (path: string) => new URL(path, window.location.origin).toString();

/** Answers every test gets unless it overrides them with server.use(...). */
export const defaultHandlers = [
  http.get(apiUrl('/api/v1/health/live'), () => HttpResponse.json({ status: 'ok' })),
  http.get(apiUrl('/api/v1/extra/waitlist/stats'), () =>
    HttpResponse.json({ totalSlots: 1000, takenSlots: 0, remainingSlots: 1000 }),
  ),
  http.get(apiUrl('/api/v1/auth/identity-provider'), () => HttpResponse.json({ kind: 'google' })),
  // Settings → Profile: notices go to the Google address, no change pending.
  http.get(apiUrl('/api/v1/auth/me/contact-email'), () =>
    HttpResponse.json({ contactEmail: null, pendingEmail: null, mailedTo: 'asha@example.com' }),
  ),
  // The account has uploaded no photo (the account card and Settings → Profile ask).
  http.get(apiUrl('/api/v1/account/photo'), () => HttpResponse.json({ photoUrl: null })),
  // Settings → Help & support: no questions sent yet.
  http.get(apiUrl('/api/v1/account/support-requests'), () => HttpResponse.json({ items: [] })),
  // Settings → Data & privacy: no nominee, nothing refusing an erasure, nothing kept.
  http.get(apiUrl('/api/v1/account/nominee'), () => HttpResponse.json({ nominee: null })),
  http.get(apiUrl('/api/v1/account/erasure'), () =>
    HttpResponse.json({ confirmationPhrase: 'ERASE MY ACCOUNT', blockers: [], kept: [] }),
  ),
  // A creator without deals: the overview every signed-in page starts from, and empty lists.
  http.get(apiUrl('/api/v1/deals/overview'), () =>
    HttpResponse.json({
      needsAction: [],
      needsActionCount: 0,
      awaitingBrand: [],
      awaitingBrandCount: 0,
      activeCount: 0,
      totalUnderContractPaise: 0,
      dealCount: 0,
    }),
  ),
  http.get(apiUrl('/api/v1/deals'), ({ request }) => {
    const url = new URL(request.url);
    return HttpResponse.json({
      items: [],
      total: 0,
      page: Number(url.searchParams.get('page') ?? 1),
      pageSize: Number(url.searchParams.get('pageSize') ?? 20),
    });
  }),
  // Nothing sent yet about a deal (#39's timeline of sends), on either side's page.
  http.get(apiUrl('/api/v1/deals/:dealId/notices'), () => HttpResponse.json({ items: [] })),
  http.post(apiUrl('/api/v1/deal-review/notices'), () => HttpResponse.json({ items: [] })),
];

export const server = setupServer(...defaultHandlers);
