import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { retryableLazy } from '../../errors/retryable-lazy';
import { PageOutlet } from '../page-outlet';

/** A page whose chunk fails to load `failures` times, then loads; counts the attempts. */
function flakyPage(failures: number) {
  const page = { attempts: 0 };
  const load = (): Promise<{ default: ComponentType }> => {
    page.attempts += 1;
    if (page.attempts <= failures) {
      return Promise.reject(
        new Error('Failed to fetch dynamically imported module: /assets/page.js'),
      );
    }
    return Promise.resolve({ default: () => <h1>The page</h1> });
  };
  const Page = retryableLazy(load);
  return Object.assign(page, { Page });
}

function renderAt(path: string, Page: ComponentType) {
  const router = createMemoryRouter(
    [
      {
        element: <PageOutlet />,
        children: [
          { path: '/page', element: <Page /> },
          { path: '/other', element: <Link to="/page">Back to the page</Link> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('PageOutlet with a page whose chunk fails to load', () => {
  it("shows the error screen, and 'Try again' loads the chunk again and shows the page", async () => {
    const page = flakyPage(1);
    renderAt('/page', page.Page);

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to fetch dynamically imported module: /assets/page.js',
    );
    expect(page.attempts).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(page.attempts).toBe(2);
  });

  it('keeps showing the error while the chunk still fails, without loading it on its own', async () => {
    const page = flakyPage(2);
    renderAt('/page', page.Page);
    await screen.findByRole('heading', { name: 'Something went wrong' });

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(page.attempts).toBe(2);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(page.attempts).toBe(3);
  });

  it('loads the chunk again when the visitor comes back to the page', async () => {
    const page = flakyPage(1);
    const router = renderAt('/page', page.Page);
    await screen.findByRole('heading', { name: 'Something went wrong' });

    await router.navigate('/other');
    await userEvent.click(await screen.findByRole('link', { name: 'Back to the page' }));
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(page.attempts).toBe(2);
  });
});
