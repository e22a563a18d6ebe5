import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { client } from '../api/generated/client.gen';
import { installMatchMedia, resetMatchMedia } from './match-media';
import { server } from './msw-server';

// Node's fetch needs absolute URLs; the browser resolves the app's '' base against the page.
client.setConfig({ baseUrl: window.location.origin });

// `npm test` runs these beside the backend suites on two cores: a screen that appears after a
// mocked request may take longer than Testing Library's 1 s default while the machine is busy.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledFrame: 'error' });
});

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  delete document.documentElement.dataset.theme;
  resetMatchMedia();
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
});

afterAll(() => {
  server.close();
});
