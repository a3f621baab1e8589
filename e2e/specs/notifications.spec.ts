import type { Page } from '@playwright/test';
import { apiToken, expect, PHONE, shot, signInFresh, test } from './helpers';

const bell = (page: Page) => page.getByTestId('notification-bell');

test('anna is mentioned by the administrator: the bell counts it live, the dropdown and the centre show it', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  const page = await context.newPage();
  await signInFresh(page, 'anna');
  await expect(bell(page)).toBeVisible();
  const before = await bell(page).getAttribute('aria-label');
  const start = Number(/(\d+) unread/.exec(before ?? '')?.[1] ?? 0);

  const admin = await apiToken(request, 'admin');
  const anna = await apiToken(request, 'anna');
  const stamp = `Quarterly review ${Date.now()}`;
  const posted = await request.post('/api/post', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { text: `${stamp}: @[Anna Kowalski](user:${anna.userId}) please present the design part` },
  });
  expect(posted.ok()).toBeTruthy();

  // The count goes up over the socket, and the popup shows in the open tab.
  await expect(bell(page)).toHaveAttribute('aria-label', `Notifications, ${start + 1} unread`);
  await expect(page.getByRole('alert').filter({ hasText: 'mentioned you' }).first()).toBeVisible();
  await shot(page, 'notifications-popup-desktop-light');

  await bell(page).click();
  const entry = page.getByTestId('notification-item').filter({ hasText: stamp });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('mentioned you');
  await shot(page, 'notifications-bell-desktop-light');

  await page.getByRole('link', { name: 'All notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId('notification-list').getByText(stamp)).toBeVisible();
  await page.getByRole('tab', { name: /Posts/ }).click();
  await expect(page.getByTestId('notification-list').getByText(stamp)).toBeVisible();
  await shot(page, 'notifications-page-desktop-light');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(page, 'notifications-page-desktop-dark');

  // A click opens the post and the entry becomes read.
  await page.getByTestId('notification-list').getByText(stamp).click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(bell(page)).toHaveAttribute('aria-label', start ? `Notifications, ${start} unread` : 'Notifications');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
  await context.close();

  const phone = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const small = await phone.newPage();
  await signInFresh(small, 'anna');
  await small.goto('/notifications');
  await expect(small.getByTestId('notification-list').getByText(stamp)).toBeVisible();
  await shot(small, 'notifications-page-phone-light');
  await bell(small).click();
  await expect(small.getByRole('dialog').getByTestId('notification-item').filter({ hasText: stamp })).toBeVisible();
  await shot(small, 'notifications-bell-phone-light');
  await phone.close();
});
