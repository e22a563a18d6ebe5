import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { apiUrl, server } from '@/testing/msw-server';
import { TestProviders } from '@/testing/test-providers';

/** Renders an auth page at `url` for a signed-out visitor, with the server's identity provider. */
export function renderAuthPage(
  Page: ComponentType,
  url: string,
  { identityProvider = 'google' }: { identityProvider?: 'google' | 'local' } = {},
) {
  let answered: () => void = () => undefined;
  const identityProviderAnswered = new Promise<void>((resolve) => {
    answered = resolve;
  });
  server.use(
    http.get(apiUrl('/api/v1/auth/identity-provider'), () => {
      answered();
      return HttpResponse.json({ kind: identityProvider });
    }),
  );
  const path = new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { location: () => router.state.location, identityProviderAnswered };
}
