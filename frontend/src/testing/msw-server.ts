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
];

export const server = setupServer(...defaultHandlers);
