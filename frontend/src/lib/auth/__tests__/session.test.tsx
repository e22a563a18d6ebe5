import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getCurrentUser } from '@/api/generated/sdk.gen';
import { Toaster } from '@/components/ui/toaster';
import { getAccessToken } from '@/api/access-token';
import { apiUrl, server } from '@/testing/msw-server';
import { AuthProvider } from '../auth-provider';
import { installSessionRefresh, refreshSession, resetSessionForTests } from '../session';
import { signOut } from '../sign-out';
import { useAuth } from '../use-auth';

const user = {
  displayName: 'Asha Rao',
  email: 'asha@example.com',
  photoURL: null,
  roles: ['creator'] as const,
};

/** A server that hands out token-1, token-2, … and counts what it was asked. */
function fakeAuthServer({ refreshSucceeds = (): boolean => true } = {}) {
  const calls = { refresh: 0, me: 0, logout: 0, csrfHeaders: [] as (string | null)[] };
  let issued = 0;
  server.use(
    http.post(apiUrl('/api/v1/auth/refresh-token'), async ({ request }) => {
      calls.refresh += 1;
      await delay(20); // long enough for concurrent 401s to meet the refresh in flight
      calls.csrfHeaders.push(request.headers.get('X-Requested-With'));
      if (!refreshSucceeds()) {
        return HttpResponse.json(
          { statusCode: 401, code: 'SESSION_EXPIRED', message: 'Session expired', requestId: 'r' },
          { status: 401 },
        );
      }
      issued += 1;
      return HttpResponse.json({
        success: true,
        accessToken: `token-${issued}`,
        message: 'Token refreshed',
        user,
      });
    }),
    http.get(apiUrl('/api/v1/auth/me'), ({ request }) => {
      calls.me += 1;
      // Only the newest token is valid: every older one has expired.
      if (request.headers.get('Authorization') !== `Bearer token-${issued}`) {
        return HttpResponse.json(
          { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized', requestId: 'r' },
          { status: 401 },
        );
      }
      return HttpResponse.json(user);
    }),
    http.post(apiUrl('/api/v1/auth/logout'), ({ request }) => {
      calls.logout += 1;
      calls.csrfHeaders.push(request.headers.get('X-Requested-With'));
      const authorized = request.headers.get('Authorization') === `Bearer token-${issued}`;
      return authorized
        ? HttpResponse.json({ success: true, message: 'Logout Successfull' })
        : HttpResponse.json({ statusCode: 401, code: 'UNAUTHORIZED' }, { status: 401 });
    }),
  );
  return {
    calls,
    /** Makes the token in the browser's memory stale, as fifteen minutes would. */
    expireAccessToken: () => {
      issued += 1;
    },
  };
}

function SessionStatus() {
  const { status, user: signedInUser } = useAuth();
  return <p>{`${status}, user: ${signedInUser?.displayName ?? 'none'}`}</p>;
}

function renderApp() {
  return render(
    <AuthProvider>
      <SessionStatus />
      <Toaster />
    </AuthProvider>,
  );
}

// What the app's provider does before its first render.
beforeAll(installSessionRefresh);

beforeEach(() => {
  resetSessionForTests();
  window.history.replaceState(null, '', '/');
  localStorage.setItem('paylock:session', '1'); // a browser that signed in before
});

describe('the session on page load', () => {
  it('asks nothing of the server for a visitor who never signed in here', async () => {
    localStorage.clear();
    const { calls } = fakeAuthServer();
    renderApp();
    expect(await screen.findByText('unauthenticated, user: none')).toBeInTheDocument();
    expect(calls.refresh).toBe(0);
  });

  it('is remembered after a sign-in and forgotten when the refresh fails', async () => {
    localStorage.clear();
    let refreshSucceeds = true;
    fakeAuthServer({ refreshSucceeds: () => refreshSucceeds });
    window.history.replaceState(null, '', '/creator/dashboard?signedIn=login');
    renderApp();
    await screen.findByText('authenticated, user: Asha Rao');
    expect(localStorage.getItem('paylock:session')).toBe('1');
    refreshSucceeds = false;
    await act(() => refreshSession());
    expect(localStorage.getItem('paylock:session')).toBeNull();
  });

  it('is loading, then authenticated when the refresh cookie is still good', async () => {
    const { calls } = fakeAuthServer();
    renderApp();
    expect(screen.getByText('loading, user: none')).toBeInTheDocument();
    expect(await screen.findByText('authenticated, user: Asha Rao')).toBeInTheDocument();
    expect(getAccessToken()).toBe('token-1');
    expect(calls.refresh).toBe(1);
    expect(calls.csrfHeaders).toEqual(['paylock']);
  });

  it('is unauthenticated when the refresh fails', async () => {
    fakeAuthServer({ refreshSucceeds: () => false });
    renderApp();
    expect(await screen.findByText('unauthenticated, user: none')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });

  it('is unauthenticated when the server cannot be reached, and asks again on the next load', async () => {
    server.use(http.post(apiUrl('/api/v1/auth/refresh-token'), () => HttpResponse.error()));
    renderApp();
    expect(await screen.findByText('unauthenticated, user: none')).toBeInTheDocument();
    // The cookie may still be good (a reload cut the answer off): this browser is not forgotten.
    expect(localStorage.getItem('paylock:session')).toBe('1');
  });

  it('asks again on the next load after a server error, not after a refusal', async () => {
    server.use(
      http.post(apiUrl('/api/v1/auth/refresh-token'), () =>
        HttpResponse.json({ code: 'UNAVAILABLE' }, { status: 503 }),
      ),
    );
    renderApp();
    expect(await screen.findByText('unauthenticated, user: none')).toBeInTheDocument();
    expect(localStorage.getItem('paylock:session')).toBe('1');
  });

  it.each([
    ['login', 'Login successfull'],
    ['signup', 'Welcome to Paylock! Your account is ready.'],
  ])('greets a visitor back from the Google flow (?signedIn=%s)', async (result, toast) => {
    fakeAuthServer();
    window.history.replaceState(null, '', `/creator/dashboard?signedIn=${result}`);
    renderApp();
    expect(await screen.findByText(toast)).toBeInTheDocument();
  });

  it('greets nobody when the Google flow came back but the session did not start', async () => {
    fakeAuthServer({ refreshSucceeds: () => false });
    window.history.replaceState(null, '', '/creator/dashboard?signedIn=login');
    renderApp();
    await screen.findByText('unauthenticated, user: none');
    expect(screen.queryByText('Login successfull')).not.toBeInTheDocument();
  });
});

describe('an API call answered 401', () => {
  it('triggers one refresh shared by concurrent calls, then one retry each', async () => {
    const { calls, expireAccessToken } = fakeAuthServer();
    renderApp();
    await screen.findByText('authenticated, user: Asha Rao');
    expireAccessToken();

    const results = await Promise.all([getCurrentUser(), getCurrentUser()]);

    expect(results.map((result) => result.data)).toEqual([user, user]);
    expect(calls.refresh).toBe(2); // the one on load + one for both 401s
    expect(calls.me).toBe(4); // two calls, each retried once
    expect(getAccessToken()).toBe('token-3');
  });

  it('is retried only once even when the retry is refused too', async () => {
    const { calls } = fakeAuthServer();
    server.use(
      http.get(apiUrl('/api/v1/auth/me'), () => {
        calls.me += 1;
        return HttpResponse.json({ statusCode: 401 }, { status: 401 });
      }),
    );
    renderApp();
    await screen.findByText('authenticated, user: Asha Rao');

    const { response } = await getCurrentUser();

    expect(response?.status).toBe(401);
    expect(calls.me).toBe(2);
    expect(calls.refresh).toBe(2);
  });

  it('logs out (user and token cleared) when the refresh fails', async () => {
    let refreshes = 0;
    const { calls, expireAccessToken } = fakeAuthServer({
      refreshSucceeds: () => ++refreshes === 1,
    });
    renderApp();
    await screen.findByText('authenticated, user: Asha Rao');
    expireAccessToken();

    const { response } = await act(() => getCurrentUser());

    expect(response?.status).toBe(401);
    expect(calls.me).toBe(1);
    expect(screen.getByText('unauthenticated, user: none')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });
});

describe('signing out', () => {
  function SignOutButton() {
    return (
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
    );
  }

  it('ends the session on the server with the bearer token, clears it here and says so', async () => {
    const { calls } = fakeAuthServer();
    render(
      <AuthProvider>
        <SessionStatus />
        <SignOutButton />
        <Toaster />
      </AuthProvider>,
    );
    await screen.findByText('authenticated, user: Asha Rao');

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Logout Successfull')).toBeInTheDocument();
    expect(screen.getByText('unauthenticated, user: none')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
    expect(calls.logout).toBe(1);
    expect(calls.csrfHeaders).toEqual(['paylock', 'paylock']);
  });

  it('still clears the session here when the server cannot be reached', async () => {
    fakeAuthServer();
    server.use(http.post(apiUrl('/api/v1/auth/logout'), () => HttpResponse.error()));
    renderApp();
    await screen.findByText('authenticated, user: Asha Rao');

    await act(() => signOut());

    await waitFor(() => {
      expect(screen.getByText('unauthenticated, user: none')).toBeInTheDocument();
    });
    expect(
      await screen.findByText('Signed out on this device, but the server did not confirm it.'),
    ).toBeInTheDocument();
  });
});
