import type { Browser } from '@playwright/test';
import { apiToken, expect, PHONE, shot, signInFresh, test } from './helpers';

// Issue 12: a link to one of the intranet's own pages shows a card under the post's text.

async function openAs(browser: Browser, login: string, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  await signInFresh(page, login);
  await expect(page).toHaveURL(/\/company$/);
  return { context, page };
}

test('a link to a demo group shows its card under the post, and the card opens the group', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token, userId } = await apiToken(request, 'anna');
  const auth = { authorization: `Bearer ${token}` };
  // One of anna's own demo groups (she can read it whatever its type).
  const groups = await request.get(`/api/group/byUser/${userId}`, { headers: auth });
  expect(groups.ok()).toBeTruthy();
  const group = ((await groups.json()) as { result: { _id: string; name: string; membersCount: number }[] }).result[0];
  expect(group).toBeTruthy();

  const anna = await openAs(browser, 'anna');
  const { page } = anna;
  const stamp = `Ride along ${Date.now()}`;
  const box = page.getByRole('textbox', { name: 'New post' });
  await box.fill(`${stamp}: ${baseURL}/group/${group._id}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  const post = page.getByTestId('feed-company').getByRole('article').filter({ hasText: stamp });
  await expect(post).toBeVisible();
  const card = post.getByRole('link', { name: new RegExp(`${group.name}.*Group · \\d+ members?`) });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', `/group/${group._id}`);
  await post.scrollIntoViewIfNeeded();
  await shot(page, 'link-preview-desktop-light');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/group/${group._id}$`));
  await expect(page.getByRole('heading', { name: group.name }).first()).toBeVisible();
  await anna.context.close();

  const setTheme = (theme: 'light' | 'dark') => request.put(`/api/user/${userId}`, { data: { theme }, headers: auth });
  expect((await setTheme('dark')).ok()).toBeTruthy();
  try {
    const phone = await openAs(browser, 'anna', PHONE);
    await expect(phone.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const onPhone = phone.page.getByTestId('feed-company').getByRole('article').filter({ hasText: stamp });
    await expect(onPhone.getByRole('link', { name: new RegExp(group.name) }).last()).toBeVisible();
    await onPhone.scrollIntoViewIfNeeded();
    await shot(phone.page, 'link-preview-phone-dark');
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();
  } finally {
    await setTheme('light');
  }
});
