import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy';
import { RouteError } from './StatusPages';
import { buildTheme } from './theme';

afterEach(() => vi.restoreAllMocks());

const Home = () => <p>Home</p>;

function renderRouter(load: () => Promise<never>) {
  const router = createMemoryRouter(
    [
      // Like the app's router: a root with a hydrate fallback above the pages.
      {
        element: <Outlet />,
        hydrateFallbackElement: <p>Starting</p>,
        children: [
          { path: '/', element: <Home /> },
          { path: '/address-book', lazy: lazyPage(load), errorElement: <RouteError /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

// Issue 12 #2: offline, opening a page whose code had not loaded must say so (not leave a white page) and try
// again by itself once the browser is back online.
describe('a page whose code does not load', () => {
  it('shows "Failed to load the page" with a retry, and reloads when the browser is online again', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const router = renderRouter(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/AddressBook.js')),
    );
    await act(() => router.navigate('/address-book'));
    expect(await screen.findByRole('heading', { name: 'Failed to load the page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
