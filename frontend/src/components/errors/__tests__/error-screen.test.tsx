import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from 'react-error-boundary';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorFallback, RouteErrorScreen } from '../error-screen';

let failure: Error | null = null;

function Flaky() {
  if (failure) throw failure;
  return <p>All good</p>;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe.each([
  [
    'top-level error boundary',
    () =>
      render(
        <ErrorBoundary FallbackComponent={AppErrorFallback}>
          <Flaky />
        </ErrorBoundary>,
      ),
  ],
  [
    'router error element',
    () =>
      render(
        <RouterProvider
          router={createMemoryRouter([
            { path: '/', element: <Flaky />, errorElement: <RouteErrorScreen /> },
          ])}
        />,
      ),
  ],
])('error screen of the %s', (_name, renderFlaky) => {
  it("shows the error's message and renders again on 'Try again'", async () => {
    failure = new Error('Boom: the widget broke');
    renderFlaky();

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Boom: the widget broke')).toBeInTheDocument();

    failure = null;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('All good')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('falls back to a generic message when the error has none', async () => {
    failure = new Error('');
    renderFlaky();
    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
  });
});
