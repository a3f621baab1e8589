import type { Page } from '@playwright/test';
import { apiToken, expect, PHONE, shot, signInFresh, socketIdentified, test } from './helpers';

const bell = (page: Page) => page.getByTestId('notification-bell');

test('anna is mentioned by the administrator: the bell counts it live, the dropdown and the centre show it', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  const page = await context.newPage();
  // The count the bell starts from is its own first answer: the bell shows before that answer arrives.
  const firstCount = page.waitForResponse((r) => r.url().includes('/api/notification/unread/') && r.ok());
  // The popup needs the event: the mention is posted once the tab's socket has joined anna's room.
  const identified = socketIdentified(page);
  await signInFresh(page, 'anna');
  const start = ((await (await firstCount).json()) as { count: number }).count;
  await expect(bell(page)).toHaveAttribute('aria-label', start ? `Notifications, ${start} unread` : 'Notifications');
  await identified;

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
  // Tabs only for the modules this build has (polls, services, the shop and tasks among them): none for the modules
  // not built yet.
  for (const name of ['Other', 'Polls', 'Services', 'Shop', 'Tasks'])
    await expect(page.getByRole('tab', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Adaptation/ })).toHaveCount(0);
  // The posts count is whole: its digits, not a dot.
  const postsCount = page.getByRole('tab', { name: /Posts/ }).getByTestId('unread-count');
  if (await postsCount.count()) expect((await postsCount.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(16);
  await shot(page, 'notifications-page-desktop-light');
  await page.setViewportSize({ width: 1366, height: 860 });
  // Every tab fits at 1366 px, or the strip says there is more and scrolls to it.
  const other = page.getByRole('tab', { name: /Other/ });
  await other.click();
  await expect(other).toHaveAttribute('aria-selected', 'true');
  await expect(other).toBeInViewport();
  await page.getByRole('tab', { name: /^All/ }).click();

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
  await expect(small.getByRole('tab', { name: /Adaptation/ })).toHaveCount(0);
  // The strip is wider than a phone: it shows there is more, and the last tab is reached by scrolling it.
  const strip = small.getByTestId('section-strip');
  const lastTab = small.getByRole('tab', { name: /Other/ });
  if (!(await lastTab.evaluate((tab) => tab.getBoundingClientRect().right <= window.innerWidth)))
    await expect(strip).toHaveAttribute('data-more-after', 'true');
  await shot(small, 'notifications-page-phone-light');
  await lastTab.click();
  await expect(lastTab).toHaveAttribute('aria-selected', 'true');
  await expect(lastTab).toBeInViewport();
  await expect(strip).toHaveAttribute('data-more-after', 'false');
  await shot(small, 'notifications-page-phone-tabs-end-light');
  await bell(small).click();
  await expect(small.getByRole('dialog').getByTestId('notification-item').filter({ hasText: stamp })).toBeVisible();
  await shot(small, 'notifications-bell-phone-light');
  await phone.close();
});

test('anna chooses e-mail for mentions in her profile; the administrator sets the workspace defaults and checks mail', async ({
  browser,
  request,
}) => {
  const anna = await apiToken(request, 'anna');
  // Start from the shipped matrix, whatever an earlier run left.
  const reset = await request.put('/api/user/notifications', {
    headers: { authorization: `Bearer ${anna.token}` },
    data: { notifications: [{ name: 'posts.mention', channel: ['center', 'system'] }] },
  });
  expect(reset.ok()).toBeTruthy();

  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  const page = await context.newPage();
  await signInFresh(page, 'anna');
  await page.goto(`/profile/${anna.userId}`);
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const email = page.getByRole('checkbox', { name: 'Someone mentioned me: E-mail' });
  await expect(email).not.toBeChecked();
  await email.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await shot(page, 'notifications-settings-desktop-light');
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('checkbox', { name: 'Someone mentioned me: E-mail' })).toBeChecked();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(page, 'notifications-settings-desktop-dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
  await context.close();

  const phone = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const small = await phone.newPage();
  await signInFresh(small, 'anna');
  await small.goto(`/profile/${anna.userId}`);
  await small.getByRole('tab', { name: 'Notifications' }).click();
  await expect(small.getByRole('checkbox', { name: 'Someone mentioned me: E-mail' })).toBeChecked();
  await small.getByRole('table', { name: 'Notifications and their channels' }).scrollIntoViewIfNeeded();
  await shot(small, 'notifications-settings-phone-light');
  await phone.close();

  const admin = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  const panel = await admin.newPage();
  await signInFresh(panel, 'admin');
  await panel.goto('/admin/');
  await expect(panel.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'A reaction to my post: Centre' })).toBeVisible();
  await shot(panel, 'notifications-admin-settings-desktop-light');
  await panel.getByRole('tab', { name: 'Notification templates' }).click();
  await expect(panel.getByRole('textbox', { name: /Title/ })).toHaveValue('{actor} mentioned you');
  await panel.getByRole('button', { name: 'Preview' }).click();
  await expect(panel.getByRole('region', { name: 'Preview with sample values' })).toContainText(
    'Anna <b>Kowalski</b> mentioned you',
  );
  await shot(panel, 'notifications-templates-desktop-light');
  await panel.getByRole('tab', { name: 'Mail check' }).click();
  const stamp = `check-${Date.now()}@example.test`;
  await panel.getByRole('textbox', { name: /Send to/ }).fill(stamp);
  await panel.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(panel.getByRole('status').filter({ hasText: stamp })).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Outbox' }).getByText(stamp)).toBeVisible();
  await shot(panel, 'notifications-mail-check-desktop-light');
  await admin.close();
});

test('the administrator runs the workspace’s mailings from the admin panel', async ({ page }) => {
  await signInFresh(page, 'admin');
  await page.goto('/admin/?tab=mailings');
  await expect(page.getByRole('tab', { name: 'Mailings', selected: true })).toBeVisible();
  const birthdays = page.getByTestId('mailing-birthday_greetings');
  await expect(birthdays.getByText('Running')).toBeVisible();
  await expect(birthdays.getByText(/^Next run: /)).toBeVisible();

  const digest = page.getByTestId('mailing-weekly_digest');
  await digest.getByRole('switch', { name: 'Run Weekly digest on schedule' }).click({ force: true });
  await expect(page.getByText('Mailing stopped')).toBeVisible();
  await expect(digest.getByText('Stopped', { exact: true }).first()).toBeVisible();
  await digest.getByRole('switch', { name: 'Run Weekly digest on schedule' }).click({ force: true });
  await expect(page.getByText('Mailing started')).toBeVisible();

  const exporting = page.getByTestId('mailing-people_export');
  await exporting.getByRole('button', { name: 'Set up' }).click();
  await exporting.getByRole('textbox', { name: /Service address/ }).fill('http://mail.example.test/import');
  await exporting.getByRole('button', { name: 'Save' }).click();
  await expect(exporting.getByText('The mailing service address must be an https URL')).toBeVisible();
  await exporting.getByRole('textbox', { name: /Service address/ }).fill('https://mail.example.test/import');
  await exporting.getByLabel('Access key').fill('s3cret-key');
  await exporting.getByRole('button', { name: 'Save' }).click();
  await expect(exporting.getByText('Running')).toBeVisible();
  await expect(exporting.getByText('A key is saved: leave empty to keep it')).toBeVisible();
  await shot(page, 'mailings-desktop-light');

  await page.setViewportSize(PHONE);
  await expect(birthdays).toBeVisible();
  await shot(page, 'mailings-phone-light');
});
