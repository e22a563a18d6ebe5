import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const apiUrl = (path: string) => new URL(path, window.location.origin).toString();

/** Answers every test gets unless it overrides them with server.use(...). */
export const defaultHandlers = [
  http.get(apiUrl('/api/v1/health/live'), () => HttpResponse.json({ status: 'ok' })),
];

export const server = setupServer(...defaultHandlers);
