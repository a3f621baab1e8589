import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, PHONE, setTheme, shot, signInFresh, test } from './helpers';

const wallFeed = (page: Page) => page.getByTestId('feed-company');

/** Serious and critical axe-core problems of the region (as the a11y spec counts them). */
async function seriousProblems(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function openAs(browser: Browser, login: string, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  await signInFresh(page, login);
  await expect(page).toHaveURL(/\/company$/);
  await expect(wallFeed(page).getByRole('article').first()).toBeVisible();
  return { context, page };
}

/**
 * Fills a "publication time" pair with the moment `hours` from now in the browser's local time: the day typed the
 * English way (27 Nov 2026), then the time.
 */
async function fillPublishAt(where: Locator, hours: number) {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getMonth()];
  const pair = where.getByRole('group', { name: 'Publication time' });
  await pair.getByRole('textbox', { name: 'Date' }).fill(`${d.getDate()} ${month} ${d.getFullYear()}`);
  await pair.getByLabel('Time').fill(`${pad(d.getHours())}:${pad(d.getMinutes())}`);
}

test('a formatted post: bold, a list, a link and a mention, written with the toolbar and sent with Ctrl+Enter', async ({
  browser,
}) => {
  const anna = await openAs(browser, 'anna');
  const { page } = anna;
  const stamp = `Launch ${Date.now()}`;
  const composer = page.getByRole('region', { name: 'New post' });
  // The editor is not part of the wall's first load: it comes with the Formatting button.
  await expect(composer.getByRole('toolbar', { name: 'Text formatting' })).toHaveCount(0);
  await composer.getByRole('button', { name: 'Formatting' }).click();
  const toolbar = composer.getByRole('toolbar', { name: 'Text formatting' });
  await expect(toolbar).toBeVisible();
  const editor = composer.getByRole('textbox', { name: 'New post' });
  await expect(editor).toBeFocused();

  await toolbar.getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
  await editor.pressSequentially(stamp);
  await page.keyboard.press('Control+b');
  await editor.pressSequentially(' is today, thanks ');
  await editor.pressSequentially('@lu');
  await page.getByRole('option', { name: 'Lukas Schmidt' }).click();
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await editor.pressSequentially('release notes');
  await page.keyboard.press('Enter');
  await editor.pressSequentially('the plan');
  // The last words become a link to the intranet's own page.
  for (let i = 0; i < 'the plan'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  const address = page.getByRole('textbox', { name: 'Link address' });
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(page.getByText('Use a web (https://…) or mail address, or a page of the intranet (/…)')).toBeVisible();
  await address.fill('/company');
  await address.press('Enter');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'wall-format-composer-desktop-light');
  expect(await seriousProblems(page, 'section[aria-label="New post"]')).toEqual([]);

  await editor.press('Control+Enter');
  const post = wallFeed(page).getByRole('article').filter({ hasText: stamp });
  await expect(post).toBeVisible();
  await expect(post.locator('strong', { hasText: stamp })).toBeVisible();
  await expect(post.locator('ul li')).toHaveCount(2);
  await expect(post.getByRole('link', { name: 'the plan' })).toHaveAttribute('href', '/company');
  await expect(post.getByRole('link', { name: '@Lukas Schmidt' })).toBeVisible();
  await post.scrollIntoViewIfNeeded();
  await shot(page, 'wall-format-post-desktop-light');

  // A colleague reads it the same way, on a phone and in the dark theme.
  const lukas = await openAs(browser, 'lukas', PHONE);
  const seen = wallFeed(lukas.page).getByRole('article').filter({ hasText: stamp });
  await expect(seen.locator('strong', { hasText: stamp })).toBeVisible();
  await seen.scrollIntoViewIfNeeded();
  await shot(lukas.page, 'wall-format-post-phone-light');
  await setTheme(lukas.page, 'dark');
  await lukas.page.getByRole('region', { name: 'New post' }).getByRole('button', { name: 'Formatting' }).click();
  await expect(lukas.page.getByRole('toolbar', { name: 'Text formatting' })).toBeVisible();
  await seen.scrollIntoViewIfNeeded();
  await shot(lukas.page, 'wall-format-post-phone-dark');
  expect(await seriousProblems(lukas.page, '[data-testid="feed-company"]')).toEqual([]);
  expect(await seriousProblems(lukas.page, 'section[aria-label="New post"]')).toEqual([]);
  await lukas.page.getByRole('button', { name: 'Account menu' }).click();
  await lukas.page.getByRole('menuitem', { name: 'Light theme' }).click();
  await expect(lukas.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await lukas.context.close();
  await anna.context.close();
});

test('a scheduled post is edited, moved and then published now', async ({ browser }) => {
  const { page, context } = await openAs(browser, 'anna');
  const stamp = `Town hall ${Date.now()}`;
  const composer = page.getByRole('region', { name: 'New post' });
  await composer.getByRole('textbox', { name: 'New post' }).fill(`${stamp} on Monday`);
  await composer.getByRole('button', { name: 'Set a publication time' }).click();
  await fillPublishAt(composer, 3);
  await composer.getByRole('button', { name: 'Schedule' }).click();
  const list = page.getByRole('region', { name: 'Your scheduled posts' });
  const card = list.getByRole('article').filter({ hasText: stamp });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = card.getByRole('textbox', { name: 'Edit' });
  await expect(editor).toContainText(`${stamp} on Monday`);
  await editor.press('End');
  await editor.pressSequentially(' at ten');
  await fillPublishAt(card, 26);
  await shot(page, 'wall-scheduled-edit-desktop-light');
  expect(await seriousProblems(page, 'section[aria-label="Your scheduled posts"]')).toEqual([]);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('textbox', { name: 'Edit' })).toHaveCount(0);
  await expect(card).toContainText(`${stamp} on Monday at ten`);
  // Still waiting: nobody's feed has it.
  await expect(wallFeed(page).getByRole('article').filter({ hasText: stamp })).toHaveCount(0);

  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByRole('button', { name: 'Publish now' }).click();
  await expect(list.getByRole('article').filter({ hasText: stamp })).toHaveCount(0);
  await expect(
    wallFeed(page)
      .getByRole('article')
      .filter({ hasText: `${stamp} on Monday at ten` }),
  ).toBeVisible();
  await context.close();
});
