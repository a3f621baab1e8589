import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiToken, expect, PHONE, shot, signInFresh, test } from './helpers';

/**
 * The administrator points the workspace's Slack channel at a webhook that is down (a server this spec starts on
 * 127.0.0.1; the e2e server allows that host and retries a delivery once), sees the failure in "Failed deliveries"
 * with its status (never the webhook's answer), and retries it once the webhook is back.
 */
test('a Slack delivery that keeps failing is listed for the administrator, who retries it once Slack is back', async ({
  browser,
  request,
}) => {
  const received: string[] = [];
  let status = 500;
  const slack = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push(body);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : 'slack_is_down');
    });
  });
  slack.listen(0, '127.0.0.1');
  await once(slack, 'listening');
  const hook = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/services/e2e-hook`;
  const stamp = `Server room check ${Date.now()}`;
  const slackHits = () => received.filter((body) => body.includes(stamp)).length;

  try {
    const admin = await apiToken(request, 'admin');
    const anna = await apiToken(request, 'anna');
    // Anna gets messages in the centre and on Slack.
    const matrix = await request.put('/api/user/notifications', {
      headers: { authorization: `Bearer ${anna.token}` },
      data: { notifications: [{ name: 'notifications.message', channel: ['center', 'slack'] }] },
    });
    expect(matrix.ok()).toBeTruthy();

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
    const page = await context.newPage();
    await signInFresh(page, 'admin');
    await page.goto('/admin/');
    const webhook = page.getByRole('textbox', { name: 'Slack incoming webhook' });
    await webhook.fill('http://slack.example/not-https');
    await page.getByRole('button', { name: 'Save messengers' }).click();
    await expect(page.getByText('The webhook address must be an https:// URL')).toBeVisible();
    await webhook.fill(hook);
    await page.getByRole('button', { name: 'Save messengers' }).click();
    await expect(page.getByText('Messenger settings saved')).toBeVisible();
    await expect(page.getByText(/Set, ends with …hook/).first()).toBeVisible();
    await page.getByRole('heading', { name: 'Messengers' }).scrollIntoViewIfNeeded();
    await shot(page, 'messengers-admin-settings-desktop-light');

    const sent = await request.post('/api/message', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { recipients: [anna.userId], text: stamp },
    });
    expect(sent.ok()).toBeTruthy();
    // The first try and its one retry reach the webhook that is down.
    await expect.poll(slackHits, { timeout: 30_000 }).toBe(2);

    await page.getByRole('tab', { name: 'Failed deliveries' }).click();
    const table = page.getByRole('table', { name: 'Failed deliveries' });
    // The failure is recorded right after the last try's answer: reopen the tab until it is listed.
    await expect(async () => {
      await page.getByRole('tab', { name: 'Mail check' }).click();
      await page.getByRole('tab', { name: 'Failed deliveries' }).click();
      await expect(table.getByRole('row').filter({ hasText: 'HTTP 500' }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const row = table.getByRole('row').filter({ hasText: 'HTTP 500' }).first();
    await expect(row).toContainText('Anna Kowalski');
    // The reason is the status alone: the webhook's answer is not shown.
    await expect(table).not.toContainText('slack_is_down');
    await expect(row).toContainText('Attempts: 2');
    await shot(page, 'messengers-failures-desktop-light');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await shot(page, 'messengers-failures-desktop-dark');

    // Slack is back: the retry delivers it and the row leaves the list.
    status = 200;
    const failures = await table.getByRole('row').filter({ hasText: 'HTTP 500' }).count();
    await row.getByRole('button', { name: 'Retry the Slack delivery to Anna Kowalski' }).click();
    await expect(page.getByText('Queued again')).toBeVisible();
    await expect.poll(slackHits, { timeout: 30_000 }).toBe(3);
    await expect(table.getByRole('row').filter({ hasText: 'HTTP 500' })).toHaveCount(failures - 1);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Light theme' }).click();
    await context.close();

    // Anna's profile: her own webhooks and the Telegram link (the demo workspace has no bot).
    const phone = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const small = await phone.newPage();
    await signInFresh(small, 'anna');
    await small.goto(`/profile/${anna.userId}`);
    await small.getByRole('tab', { name: 'Notifications' }).click();
    await expect(small.getByText('The workspace has no Telegram bot yet.')).toBeVisible();
    await small.getByRole('textbox', { name: 'My Slack webhook' }).fill('ftp://nope.example/x');
    await small.getByRole('button', { name: 'Save messengers' }).click();
    await expect(small.getByText('The webhook address must be an https:// URL')).toBeVisible();
    await small.getByRole('heading', { name: 'Messengers' }).scrollIntoViewIfNeeded();
    await shot(small, 'messengers-profile-phone-light');
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await phone.close();

    // Later runs start from the shipped settings.
    await request.put('/api/notification_channels', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { slack_url: '' },
    });
    await request.put('/api/user/notifications', {
      headers: { authorization: `Bearer ${anna.token}` },
      data: { notifications: [{ name: 'notifications.message', channel: ['center', 'system'] }] },
    });
  } finally {
    slack.close();
  }
});
