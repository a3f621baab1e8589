import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import { apiToken, expect, PHONE, shot, signInFresh, test } from './helpers';

// While a page's data is on its way the person sees the page's outline in grey (a skeleton), not a spinner on an
// empty screen; when the data arrives it takes the skeleton's place without pushing anything (CLS < 0.05).
// The server's answers are held back until the skeleton has been looked at, then let through.

/** Holds the GET (or POST) answers whose address matches until `release` is called. */
async function hold(page: Page, matches: (url: URL, method: string) => boolean) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    const request = route.request();
    if (!matches(new URL(request.url()), request.method())) return route.fallback();
    await released;
    // A request the page gave up on meanwhile (it navigated, or aborted a duplicate) has nothing to continue.
    await route.continue().catch(() => undefined);
  };
  await page.route('**/api/**', handler);
  return async () => {
    release();
    await page.unroute('**/api/**', handler);
  };
}

/** Sums the page's layout shifts (as Lighthouse's CLS does, without those right after input) from its start. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { hwShifts: number };
    state.hwShifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.hwShifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { hwShifts: number }).hwShifts);

/** A skeleton is a page too: no serious or critical axe-core problem while it shows (the tags of a11y.spec.ts). */
async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    what,
  ).toEqual([]);
}

const loading = (page: Page) => page.getByRole('status', { name: 'Loading…' });

const CASES = [
  { name: 'desktop-light', theme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'desktop-dark', theme: 'dark', viewport: { width: 1280, height: 800 } },
  { name: 'phone-light', theme: 'light', viewport: PHONE },
] as const;

for (const view of CASES) {
  test(`pages show their outline while loading and fill it in without jumps (${view.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { token, userId } = await apiToken(request, 'admin');
    // Someone else's profile: the session reads the admin's own record at start-up.
    const anna = await apiToken(request, 'anna');
    const setTheme = async (theme: 'light' | 'dark') => {
      const response = await request.put(`/api/user/${userId}`, {
        data: { theme },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.ok()).toBeTruthy();
    };
    await setTheme(view.theme);
    try {
      await page.setViewportSize(view.viewport);
      await watchLayoutShifts(page);
      await signInFresh(page, 'admin');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', view.theme);

      // Start-up: the shell's outline while the app asks the server about itself.
      let release = await hold(page, (url) => url.pathname === '/api/env');
      await page.goto('/company/');
      await expect(page.locator('.hw-boot')).toBeVisible();
      await expect(page.locator('.hw-boot')).toHaveAttribute('data-scheme', view.theme);
      await expect(page.locator('.hw-boot-navbar')).toBeVisible({ visible: view.viewport.width > 768 });
      await shot(page, `skeleton-startup-${view.name}`);
      await expectAccessible(page, 'startup skeleton');
      await release();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('feed-company')).toBeVisible();
      await expect(loading(page)).toHaveCount(0);

      // The profile: cover, avatar, name, then the tabbed card.
      release = await hold(page, (url, method) => method === 'GET' && url.pathname === `/api/user/${anna.userId}`);
      await page.goto(`/profile/${anna.userId}`);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(loading(page)).toBeVisible();
      await shot(page, `skeleton-profile-${view.name}`);
      await expectAccessible(page, 'profile skeleton');
      await release();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('tablist')).toBeVisible();
      expect(await layoutShift(page), 'layout shift of the profile').toBeLessThan(0.05);

      // The address book: rows of people.
      release = await hold(page, (url) => url.pathname.startsWith('/api/user/filter/'));
      await page.goto('/addressBook/');
      await expect(loading(page)).toBeVisible();
      await shot(page, `skeleton-address-book-${view.name}`);
      await expectAccessible(page, 'address-book skeleton');
      await release();
      await expect(page.getByTestId('person-row').first()).toBeVisible();
      await expect(loading(page)).toHaveCount(0);
      expect(await layoutShift(page), 'layout shift of the address book').toBeLessThan(0.05);

      // Employees: the table.
      release = await hold(page, (url) => url.pathname.startsWith('/api/user/filter/'));
      await page.goto('/employees/');
      await expect(loading(page)).toBeVisible();
      await shot(page, `skeleton-employees-${view.name}`);
      await expectAccessible(page, 'employees skeleton');
      await release();
      await expect(page.getByTestId('employee-row').first()).toBeVisible();
      await expect(loading(page)).toHaveCount(0);
      expect(await layoutShift(page), 'layout shift of employees').toBeLessThan(0.05);
    } finally {
      await setTheme('light');
    }
  });
}
