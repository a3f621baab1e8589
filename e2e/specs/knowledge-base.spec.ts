import type { Page } from '@playwright/test';
import { expect, openAs, PHONE, setTheme, shot, test } from './helpers';

const editor = (page: Page) => page.getByRole('textbox', { name: 'Text of the article' });

test('an article: written with a table in a new folder, found by a colleague, saved twice at once, restored, deleted with its folder', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await openAs(browser, 'admin');
  const mark = Date.now() % 100_000;
  const folderName = `Travel ${mark}`;
  const title = `Expense rules ${mark}`;

  // The administrator opens the knowledge base from the menu: the demo's folders are there.
  await admin.page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Knowledge base' })
    .click();
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Knowledge base' })).toBeVisible();
  const list = admin.page.getByRole('list', { name: 'Knowledge base' });
  await expect(list.getByRole('link', { name: 'Onboarding' })).toBeVisible();

  // A new folder, and an article in it: the article opens in the editor.
  await admin.page.getByRole('button', { name: 'New folder' }).click();
  await admin.page.getByRole('dialog', { name: 'New folder' }).getByRole('textbox', { name: 'Title' }).fill(folderName);
  await admin.page.getByRole('dialog', { name: 'New folder' }).getByRole('button', { name: 'Create' }).click();
  await expect(admin.page.getByRole('heading', { level: 1, name: folderName })).toBeVisible();
  await expect(admin.page.getByText('Nothing here yet')).toBeVisible();
  await admin.page.getByRole('button', { name: 'New article' }).click();
  await admin.page.getByRole('dialog', { name: 'New article' }).getByRole('textbox', { name: 'Title' }).fill(title);
  await admin.page.getByRole('dialog', { name: 'New article' }).getByRole('button', { name: 'Create' }).click();
  await expect(admin.page.getByRole('heading', { name: 'Editing' })).toBeVisible();

  // A heading, a paragraph and a table, written with the toolbar and the keyboard.
  await editor(admin.page).click();
  await admin.page.getByRole('button', { name: 'Heading 2' }).click();
  await admin.page.keyboard.type('Travel costs');
  await admin.page.keyboard.press('Enter');
  await admin.page.keyboard.type('Hotels up to 120 euros a night are reimbursed without approval.');
  await admin.page.keyboard.press('Enter');
  await admin.page.getByRole('button', { name: 'Insert a table' }).click();
  await admin.page.keyboard.type('City');
  await admin.page.keyboard.press('Tab');
  await admin.page.keyboard.type('Daily allowance');
  await admin.page.keyboard.press('Tab');
  await admin.page.keyboard.press('Tab');
  await admin.page.keyboard.type('Berlin');
  await admin.page.keyboard.press('Tab');
  await admin.page.keyboard.type('28 euros');
  await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.page.getByRole('heading', { level: 3, name: 'Travel costs' })).toBeVisible();
  await expect(admin.page.getByRole('cell', { name: 'Berlin' })).toBeVisible();
  await expect(admin.page.getByText('Version 2')).toBeVisible();
  const articleUrl = admin.page.url().replace(/\?.*$/, '');
  await shot(admin.page, 'knowledge-base-article');

  // A colleague finds it by a word of its text, with the word marked, and stars it.
  const anna = await openAs(browser, 'anna');
  await anna.page.goto('/articles/');
  await anna.page.getByRole('searchbox', { name: 'Search the knowledge base' }).fill('reimbursed');
  const hit = anna.page.getByRole('listitem').filter({ has: anna.page.getByRole('link', { name: title }) });
  await expect(hit.locator('mark').first()).toHaveText(/reimbursed/i);
  await hit.getByRole('link', { name: title }).click();
  await expect(anna.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Counted once for her (the author's own view may have been counted before).
  await expect(anna.page.getByText(/^[12] views$/)).toBeVisible();
  await expect(anna.page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await anna.page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(anna.page.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
  await anna.page.goto('/articles/');
  await anna.page.getByRole('switch', { name: 'My favourites' }).check();
  await expect(anna.page.getByRole('link', { name: title })).toBeVisible();

  // Two tabs edit the same version: the second save is told, sees the change, and saves on top of it.
  const second = await admin.context.newPage();
  await second.goto(`${articleUrl}?edit=1`);
  await expect(editor(second)).toBeVisible();
  await admin.page.goto(`${articleUrl}?edit=1`);
  await editor(admin.page).click();
  await admin.page.keyboard.press('Control+End');
  await admin.page.keyboard.press('Enter');
  await admin.page.keyboard.type('Taxis need a receipt.');
  await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.page.getByText('Version 3')).toBeVisible();
  await editor(second).click();
  await second.keyboard.press('Control+End');
  await second.keyboard.press('Enter');
  await second.keyboard.type('Trains in second class.');
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = second.getByRole('alert').filter({ hasText: 'Someone saved a newer version' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'See their change' }).click();
  const history = second.getByRole('dialog', { name: 'History of versions' });
  await expect(history.locator('.hw-diff-line[data-op="added"]', { hasText: 'Taxis need a receipt.' })).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
  await conflict.getByRole('button', { name: 'Save mine on top of it' }).click();
  await expect(second.getByText('Version 4')).toBeVisible();
  await expect(second.getByText('Trains in second class.')).toBeVisible();

  // The history restores version 2: a new version 5, with the text of 2.
  await second.getByRole('button', { name: 'History' }).click();
  await second
    .getByRole('dialog', { name: 'History of versions' })
    .getByRole('button', { name: 'Restore this version: Version 2' })
    .click();
  await second
    .getByRole('dialog', { name: 'Restore version 2?' })
    .getByRole('button', { name: 'Restore this version' })
    .click();
  await expect(second.getByText('Version 2 restored')).toBeVisible();
  await second.keyboard.press('Escape');
  await expect(second.getByText('Version 5')).toBeVisible();
  await expect(second.getByText('Taxis need a receipt.')).toHaveCount(0);

  // Screens: the folder list in light, dark and on a phone.
  await admin.page.goto('/articles/');
  await expect(list.getByRole('link', { name: folderName })).toBeVisible();
  await shot(admin.page, 'knowledge-base-light');
  await setTheme(admin.page, 'dark');
  await shot(admin.page, 'knowledge-base-dark');
  await admin.page.goto(articleUrl);
  await expect(admin.page.getByRole('cell', { name: 'Berlin' })).toBeVisible();
  await shot(admin.page, 'knowledge-base-article-dark');
  await setTheme(admin.page, 'light');
  const phone = await openAs(browser, 'anna', PHONE);
  await phone.page.goto(articleUrl);
  await expect(phone.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await shot(phone.page, 'knowledge-base-article-phone');
  await phone.page.goto('/articles/');
  await expect(phone.page.getByRole('link', { name: 'Onboarding' })).toBeVisible();
  await shot(phone.page, 'knowledge-base-phone');

  // Deleting the folder says what goes with it.
  await admin.page.goto('/articles/');
  await list
    .getByRole('listitem')
    .filter({ has: admin.page.getByRole('link', { name: folderName }) })
    .getByRole('button', { name: `Actions of ${folderName}` })
    .click();
  await admin.page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = admin.page.getByRole('dialog', { name: `Delete “${folderName}”?` });
  await expect(confirm).toContainText('This deletes 1 folders, 1 articles and 0 files.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('link', { name: folderName })).toHaveCount(0);
  await anna.page.goto(articleUrl);
  await expect(anna.page.getByText('Article not found')).toBeVisible();

  for (const { context } of [admin, anna, phone]) await context.close();
});

test('the wall shows the knowledge-base widget with the newest and the most read articles', async ({ browser }) => {
  const anna = await openAs(browser, 'anna');
  const widget = anna.page.getByRole('region', { name: 'Knowledge base' });
  await expect(widget.getByRole('link', { name: 'All articles' })).toBeVisible();
  await widget.getByText('Most read').click();
  await expect(widget.getByRole('radio', { name: 'Most read' })).toBeChecked();
  await expect(widget.getByRole('link').first()).toBeVisible();
  await widget.getByRole('link', { name: 'All articles' }).click();
  await expect(anna.page.getByRole('heading', { level: 1, name: 'Knowledge base' })).toBeVisible();
  await anna.context.close();
});

test('the knowledge base keeps its own useful links, apart from the wall’s', async ({ browser }) => {
  const admin = await openAs(browser, 'admin');
  const title = `Style guide ${Date.now() % 100_000}`;
  await admin.page.goto('/articles/');
  const links = admin.page.getByRole('region', { name: 'Useful links' });
  const enable = links.getByRole('button', { name: 'Turn on useful links' });
  // A block not made yet offers to turn it on; once on, it offers to add links.
  await expect(links.getByRole('button', { name: /^(Turn on useful links|Add a link)$/ })).toBeVisible();
  if (await enable.isVisible()) await enable.click();
  await links.getByRole('button', { name: 'Add a link' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'New link' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Link' }).fill('https://intranet.example.com/style');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(links.getByRole('link', { name: title })).toBeVisible();

  // A colleague reads it on the knowledge base, and the wall's own block does not carry it.
  const anna = await openAs(browser, 'anna');
  await anna.page.goto('/articles/');
  await expect(
    anna.page.getByRole('region', { name: 'Useful links' }).getByRole('link', { name: title }),
  ).toBeVisible();
  await anna.page.goto('/company');
  await expect(anna.page.getByRole('region', { name: 'Knowledge base' })).toBeVisible();
  await expect(anna.page.getByRole('link', { name: title })).toHaveCount(0);
  for (const { context } of [admin, anna]) await context.close();
});
