import type { Browser, Page } from '@playwright/test';
import {
  apiToken,
  clickUntilShown,
  expect,
  PHONE,
  setTheme,
  shot,
  signInFresh,
  socketIdentified,
  test,
} from './helpers';

/** A real PNG drawn by the browser, so the server makes its thumbnail like for any photo. */
async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, 640, 360);
    gradient.addColorStop(0, '#4dabf7');
    gradient.addColorStop(1, '#9775fa');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 640, 360);
    g.fillStyle = 'rgba(255,255,255,0.85)';
    for (const [x, h] of [
      [80, 120],
      [200, 190],
      [320, 150],
      [440, 250],
    ])
      g.fillRect(x, 320 - h, 80, h);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

const wallFeed = (page: Page) => page.getByTestId('feed-company');
const postWith = (page: Page, text: string) => wallFeed(page).getByRole('article').filter({ hasText: text });

async function openAs(browser: Browser, login: string, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  // Live updates reach the tab once its socket has joined the rooms: the specs act as others only after that.
  const identified = socketIdentified(page);
  await signInFresh(page, login);
  await expect(page).toHaveURL(/\/company$/);
  await expect(wallFeed(page).getByRole('article').first()).toBeVisible();
  await identified;
  return { context, page };
}

/** Picks a person from the mention suggestions after typing `@` and the start of the name. */
async function mention(page: Page, box: ReturnType<Page['getByRole']>, typed: string, name: string) {
  await box.pressSequentially(`@${typed}`);
  await page.getByRole('option', { name }).click();
}

test('a post with an attachment and a mention reaches a colleague live, who likes and comments it', async ({
  browser,
}) => {
  const anna = await openAs(browser, 'anna');
  const tom = await openAs(browser, 'tom');
  const stamp = `Release notes ${Date.now()}`;

  const box = anna.page.getByRole('textbox', { name: 'New post' });
  await box.click();
  await box.pressSequentially(`${stamp}: the dashboard is live, thanks to `);
  await mention(anna.page, box, 'lu', 'Lukas Schmidt');
  await box.pressSequentially('for the review.');
  const composer = anna.page.getByRole('region', { name: 'New post' });
  await composer.locator('input[type="file"]').setInputFiles({
    name: 'dashboard.png',
    mimeType: 'image/png',
    buffer: await drawPng(anna.page),
  });
  await expect(composer.getByRole('img', { name: 'dashboard.png' })).toBeVisible();
  await anna.page.getByRole('button', { name: 'Publish' }).click();

  const mine = postWith(anna.page, stamp);
  await expect(mine).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(mine.getByRole('link', { name: '@Lukas Schmidt' })).toHaveAttribute('href', /\/profile\/[0-9a-f-]{36}$/);
  await expect(mine.getByRole('button', { name: 'Open image dashboard.png' })).toBeVisible();

  // Tom's wall was open all along: the post arrives without a reload, on top.
  const theirs = postWith(tom.page, stamp);
  await expect(theirs).toBeVisible();
  await expect(wallFeed(tom.page).getByRole('article').first()).toContainText(stamp);
  await theirs.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(theirs.getByRole('button', { name: 'Like: 1' })).toBeVisible();
  await theirs.getByRole('button', { name: 'Comments (0)' }).click();
  const comment = theirs.getByRole('textbox', { name: 'Write a comment' });
  await comment.fill('Looks great, congratulations!');
  await comment.press('Control+Enter');
  await expect(theirs.getByRole('article', { name: 'Tom Becker' })).toContainText('Looks great, congratulations!');

  // Anna sees the like and the comment on her open post without a reload.
  await expect(mine.getByRole('button', { name: 'Like: 1' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Comments (1)' })).toBeVisible();
  await mine.getByRole('button', { name: 'Open image dashboard.png' }).click();
  await expect(anna.page.getByRole('dialog')).toBeVisible();
  await anna.page.keyboard.press('Escape');
  await shot(anna.page, 'wall-feed-desktop-light');

  await anna.context.close();
  await tom.context.close();
});

test('a thank-you post mentioning two people is refused with the rule', async ({ page, request }) => {
  await signInFresh(page, 'anna');
  await page.getByText('Thank you', { exact: true }).click();
  const box = page.getByRole('textbox', { name: 'New post' });
  await box.click();
  await box.pressSequentially('Thanks ');
  await mention(page, box, 'lu', 'Lukas Schmidt');
  await box.pressSequentially('and ');
  await mention(page, box, 'to', 'Tom Becker');
  await box.pressSequentially('for staying late to fix the release!');
  await expect(page.getByTestId('thanks-rules')).toContainText('exactly one colleague mentioned (now 2)');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('region', { name: 'New post' }).getByRole('alert')).toHaveText(
    'A thank-you post must mention exactly one person',
  );

  // The server holds the same rule for anyone who skips the web app.
  const { token } = await apiToken(request, 'anna');
  const people = await request.get('/api/user/me', { headers: { Authorization: `Bearer ${token}` } });
  const clientId = ((await people.json()) as { result: { client: { _id: string } } }).result.client._id;
  const users = await request.get(`/api/user/for_client/${clientId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const list = ((await users.json()) as { result: { _id: string; login: string }[] }).result;
  const idOf = (login: string) => list.find((u) => u.login === login)!._id;
  const refused = await request.post('/api/post', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      kind: 'thanks',
      text: 'Thanks to both of you for staying late to fix the release!',
      mentions: [idOf('lukas'), idOf('tom')],
    },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { code: string }).code).toBe('thanks_one_person');
});

test('scrolling to the end of the feed loads the next page', async ({ page, request }) => {
  const { token } = await apiToken(request, 'admin');
  for (let i = 1; i <= 21; i++) {
    const created = await request.post('/api/post', {
      headers: { Authorization: `Bearer ${token}` },
      data: { text: `Paging check ${i}: weekly office update number ${i}.` },
    });
    expect(created.ok()).toBeTruthy();
  }
  await signInFresh(page, 'priya');
  const articles = wallFeed(page).getByRole('article');
  await expect(articles).toHaveCount(20);
  const nextPage = page.waitForResponse((response) => /\/api\/post\/news\/[^/]+\/1$/.test(response.url()));
  await articles.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  expect((await nextPage).ok()).toBeTruthy();
  await expect.poll(() => articles.count()).toBeGreaterThan(20);
  // The oldest seeded post is on the second page.
  await expect(wallFeed(page).getByText('Please welcome')).toBeVisible();
});

test('a reader down the feed is told of colleagues’ new posts and taken back up to them', async ({
  browser,
  request,
}) => {
  const anna = await openAs(browser, 'anna');
  const scrollY = () => anna.page.evaluate(() => window.scrollY);
  await anna.page.mouse.move(640, 500);
  // The feed draws its first posts first: scroll again until the page is long enough.
  await expect(async () => {
    await anna.page.mouse.wheel(0, 900);
    expect(await scrollY()).toBeGreaterThan(240);
  }).toPass();
  const pill = anna.page.getByRole('button', { name: /^New posts: \d+$/ });
  await expect(pill).toBeHidden();

  const { token } = await apiToken(request, 'admin');
  const text = 'Fresh news while Anna reads further down the feed.';
  const created = await request.post('/api/post', { headers: { Authorization: `Bearer ${token}` }, data: { text } });
  expect(created.ok()).toBeTruthy();
  await expect(pill).toBeVisible();
  await shot(anna.page, 'wall-new-posts-pill');
  await pill.click();
  await expect.poll(scrollY).toBeLessThan(240);
  await expect(pill).toBeHidden();
  await expect(postWith(anna.page, text)).toBeInViewport();
  await expect(postWith(anna.page, text)).toBeFocused();
  await anna.context.close();
});

test('a shared link opens the single post with its comments', async ({ browser }) => {
  const anna = await openAs(browser, 'anna');
  await anna.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const first = wallFeed(anna.page).getByRole('article').first();
  const id = await first.getAttribute('data-post-id');
  await first.getByRole('button', { name: /^Comments \(/ }).click();
  const reply = 'Shared this with the whole team.';
  await first.getByRole('textbox', { name: 'Write a comment' }).fill(reply);
  await first.getByRole('button', { name: 'Send' }).click();
  await expect(first.getByRole('article', { name: 'Anna Kowalski' })).toContainText(reply);
  await first.getByRole('button', { name: 'Post actions' }).click();
  await anna.page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(anna.page.getByText('Link to the post copied')).toBeVisible();
  const link = await anna.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/post/${id}$`));

  const tom = await openAs(browser, 'tom');
  await tom.page.goto(link);
  const single = tom.page.locator(`article[data-post-id="${id}"]`);
  await expect(single).toBeVisible();
  await expect(single.getByRole('article', { name: 'Anna Kowalski' })).toContainText(reply);
  await expect(tom.page.getByRole('textbox', { name: 'Write a comment' })).toBeVisible();
  await expect(tom.page.getByRole('link', { name: 'Back to the wall' })).toBeVisible();
  await shot(tom.page, 'post-desktop-light');

  await tom.page.goto('/post/01a1fe5d-0000-7000-8000-000000000000');
  await expect(tom.page.getByText('The post was not found or was deleted')).toBeVisible();
  await anna.context.close();
  await tom.context.close();
});

test('administrators keep the useful links and see the read report', async ({ page }) => {
  await signInFresh(page, 'admin');
  const links = page.getByRole('region', { name: 'Useful links' });
  const dialog = page.getByRole('dialog', { name: 'New link' });
  // On a loaded CI machine the first click once went to a button the start-up render then replaced.
  await clickUntilShown(links.getByRole('button', { name: 'Add a link' }), dialog);
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Travel policy');
  await dialog.getByRole('textbox', { name: 'Link' }).fill('not a link');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a valid link, for example https://example.com')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Link' }).fill('https://intranet.example.com/travel');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(links.getByRole('link', { name: 'Travel policy' })).toHaveAttribute(
    'href',
    'https://intranet.example.com/travel',
  );
  await links.getByRole('button', { name: 'Delete Travel policy' }).click();
  await page.getByRole('dialog', { name: 'Delete the link?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(links.getByRole('link', { name: 'Travel policy' })).toHaveCount(0);

  const mustRead = wallFeed(page).getByRole('article').filter({ hasText: 'New security policy' });
  // The paging test's posts may have pushed the seeded post to the feed's next page: scroll until it has loaded.
  await expect(async () => {
    await wallFeed(page).getByRole('article').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(mustRead).toHaveCount(1, { timeout: 2_000 });
  }).toPass();
  await mustRead.getByRole('button', { name: 'Read report' }).click();
  const report = page.getByRole('dialog', { name: 'Who has read it' });
  await expect(report.getByRole('tab', { name: /Not yet/ })).toBeVisible();
  await report.getByRole('tab', { name: /^Read/ }).click();
  await expect(report.getByText('Anna Kowalski')).toBeVisible();
  await shot(page, 'wall-read-report-desktop-light');
});

test('an administrator pins a post on top of the company feed; a colleague sees it move there live', async ({
  browser,
}) => {
  const admin = await openAs(browser, 'admin');
  const anna = await openAs(browser, 'anna');
  const third = wallFeed(admin.page).getByRole('article').nth(2);
  const id = (await third.getAttribute('data-post-id'))!;
  await third.getByRole('button', { name: 'Post actions' }).click();
  await admin.page.getByRole('menuitem', { name: 'Pin to the top' }).click();
  const first = wallFeed(admin.page).getByRole('article').first();
  await expect(first).toHaveAttribute('data-post-id', id);
  await expect(first.getByText('Pinned', { exact: true })).toBeVisible();
  const annasFirst = wallFeed(anna.page).getByRole('article').first();
  await expect(annasFirst).toHaveAttribute('data-post-id', id);
  await expect(annasFirst.getByText('Pinned', { exact: true })).toBeVisible();
  await shot(admin.page, 'wall-pinned-post-desktop-light');

  // Unpinned, it goes back to its place by date, for both.
  await first.getByRole('button', { name: 'Post actions' }).click();
  await admin.page.getByRole('menuitem', { name: 'Unpin' }).click();
  await expect(wallFeed(admin.page).getByRole('article').nth(2)).toHaveAttribute('data-post-id', id);
  await expect(wallFeed(anna.page).getByRole('article').nth(2)).toHaveAttribute('data-post-id', id);
  await admin.context.close();
  await anna.context.close();
});

test('the wall on a phone and in the dark theme', async ({ browser }) => {
  const phone = await openAs(browser, 'clara', PHONE);
  await shot(phone.page, 'wall-feed-phone-light');
  await phone.page.getByRole('button', { name: 'Highlights' }).click();
  const drawer = phone.page.getByRole('dialog', { name: 'Highlights' });
  await expect(drawer.getByRole('region', { name: 'Thanks' })).toBeVisible();
  await shot(phone.page, 'wall-widgets-phone-light');
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();

  // From whatever theme a run before this one left on Clara's profile.
  await setTheme(phone.page, 'dark');
  await shot(phone.page, 'wall-feed-phone-dark');
  await phone.context.close();

  const desktop = await openAs(browser, 'clara');
  await expect(desktop.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(desktop.page, 'wall-feed-desktop-dark');
  await setTheme(desktop.page, 'light');
  await desktop.context.close();
});
