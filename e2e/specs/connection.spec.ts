import { apiToken, expect, signIn, signInFresh, socketIdentified, test } from './helpers';

test('without an answer from the server only "No connection to server!" shows', async ({ page }) => {
  await page.route('**/api/env', (route) => route.abort('connectionrefused'));
  await page.goto('/company');
  await expect(page.getByRole('alert')).toHaveText('No connection to server!');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);

  // When the server answers again the app starts by itself.
  await page.unroute('**/api/env');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
});

test('a 401 mid-session leads to login and back to the wanted page', async ({ page, request }) => {
  const identified = socketIdentified(page);
  await signInFresh(page, 'lukas');
  await expect(page).toHaveURL(/\/company$/);
  // The wall loads its posts, then its widgets, and the socket joins the rooms (the bell reloads its count then);
  // the session ends once the page is no longer busy.
  await expect(page.getByRole('article').first()).toBeVisible();
  await identified;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  // Another device of the same person logs out: every session of theirs ends (token version).
  const other = await apiToken(request, 'lukas');
  const logout = await request.post('/api/logout', {
    headers: { Authorization: `Bearer ${other.token}` },
    data: { user_id: other.userId },
  });
  expect(logout.ok()).toBeTruthy();

  // The next call of this tab is refused: back to login, remembering where the person was going.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByText('Your session has ended. Sign in again to continue.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await signIn(page, 'lukas');
  await expect(page).toHaveURL(new RegExp(`/profile/${other.userId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lukas');
});

test('a change to oneself made elsewhere reaches the open tab through the socket', async ({ page, request }) => {
  // The change must happen after the tab's socket has joined its rooms, or the event goes to nobody.
  const identified = socketIdentified(page);
  await signInFresh(page, 'omar');
  await identified;
  const account = page.getByRole('button', { name: 'Account menu' });
  await expect(account).toContainText('Omar');
  const admin = await apiToken(request, 'admin');
  const me = await apiToken(request, 'omar');
  const changed = await request.put(`/api/user/${me.userId}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { firstName: 'Omarion' },
  });
  expect(changed.ok()).toBeTruthy();
  await expect(account).toContainText('Omarion');
});

// Issue 12 #2: offline, a menu entry whose code had not loaded left a white page, still white once back online.
test('a page whose code cannot load says so and loads by itself once the connection is back', async ({
  page,
  context,
}) => {
  await signInFresh(page, 'lukas');
  await expect(page).toHaveURL(/\/company$/);
  // The wall's own code and data must have arrived before the connection drops (the wall draws in slices).
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Address book' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load the page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load the page' })).toHaveCount(0);
});
