import type { Page } from '@playwright/test';
import { apiToken, expect, PHONE, shot, signInFresh, test } from './helpers';

const wallFeed = (page: Page) => page.getByTestId('feed-company');
const postWith = (page: Page, text: string) => wallFeed(page).getByRole('article').filter({ hasText: text });
const newCount = (page: Page) => page.getByRole('status').filter({ hasText: / new$/ });
const marker = (page: Page, text: string) => postWith(page, text).getByText('New', { exact: true });

test("colleagues' posts are marked new; 'Mark all as read' in one tab clears the markers in the other, for good", async ({
  browser,
  request,
}) => {
  // Ben posts twice; for Hannah they are new.
  const ben = await apiToken(request, 'ben');
  const stamp = Date.now();
  const texts = [`Kitchen refurbished ${stamp}`, `Bike racks moved ${stamp}`];
  for (const text of texts) {
    const created = await request.post('/api/post', {
      headers: { Authorization: `Bearer ${ben.token}` },
      data: { text: `${text}: see you there.` },
    });
    expect(created.ok()).toBeTruthy();
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  const first = await context.newPage();
  await signInFresh(first, 'hannah');
  await expect(first).toHaveURL(/\/company$/);
  for (const text of texts) await expect(marker(first, text)).toBeVisible();
  await expect(newCount(first)).toBeVisible();
  // Read on screen, a post counts one view of Hannah's (and keeps its marker for this visit).
  const seenId = (await postWith(first, texts[1]).getAttribute('data-post-id'))!;
  const hannah = await apiToken(request, 'hannah');
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/post/${seenId}`, { headers: { Authorization: `Bearer ${hannah.token}` } });
      return (await answer.json()).result.viewed;
    })
    .toBe(true);
  await expect(marker(first, texts[1])).toBeVisible();
  await shot(first, 'wall-unread-markers-desktop-light');

  // The same person's second tab (where the posts read in the first are not new any more) marks everything read:
  // the first tab's markers go at once.
  const second = await context.newPage();
  await second.goto('/company');
  await expect(postWith(second, texts[0])).toBeVisible();
  await second.getByRole('button', { name: 'Mark all as read' }).click();
  for (const page of [second, first]) {
    for (const text of texts) await expect(marker(page, text)).toHaveCount(0);
  }
  await shot(first, 'wall-unread-cleared-live-desktop-light');

  // It was saved: after a reload they are not new any more.
  await first.reload();
  await expect(postWith(first, texts[0])).toBeVisible();
  for (const text of texts) await expect(marker(first, text)).toHaveCount(0);
  await context.close();
});

test('the new count and markers on a phone', async ({ browser, request }) => {
  const ben = await apiToken(request, 'ben');
  const text = `Lunch menu ${Date.now()}`;
  const created = await request.post('/api/post', {
    headers: { Authorization: `Bearer ${ben.token}` },
    data: { text: `${text}: soup and salads all week.` },
  });
  expect(created.ok()).toBeTruthy();
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const page = await context.newPage();
  await signInFresh(page, 'mia');
  await expect(marker(page, text)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  await shot(page, 'wall-unread-markers-phone-light');
  await context.close();
});
