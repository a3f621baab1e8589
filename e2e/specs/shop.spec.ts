import type { Page } from '@playwright/test';
import { expect, openAs, PHONE, setTheme, shot, test } from './helpers';

/** A choice of a segmented control, clicked on its label as a person does. */
const segment = (page: Page, text: string) => page.locator('label').filter({ hasText: new RegExp(`^${text}$`) });

test('the shop: a manager rewards a colleague, who buys with the coins, and the purchase is handed over', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const anna = await openAs(browser, 'anna');
  const hannah = await openAs(browser, 'hannah');

  // Anna opens the shop from the menu: the store, her coins, and an item she cannot afford yet.
  await anna.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Shop' }).click();
  await expect(anna.page.getByRole('heading', { level: 1, name: 'Hallway Store' })).toBeVisible();
  await expect(anna.page.getByTestId('shop-balance')).toHaveText('150 TH');
  const hoodie = anna.page.getByRole('article', { name: 'Hallway hoodie' });
  await expect(hoodie.getByRole('button', { name: 'Buy Hallway hoodie' })).toBeDisabled();
  await expect(hoodie.getByText('Not enough coins yet')).toBeVisible();
  await expect(
    anna.page.getByRole('article', { name: 'Lunch with the CEO' }).getByText('Sold out').first(),
  ).toBeVisible();
  await expect(anna.page.getByRole('tab', { name: 'Statistics' })).toHaveCount(0);
  await shot(anna.page, 'shop-items-desktop-light');

  // Hannah, a shop manager, rewards Anna from everyone's balances, with a thank-you on the wall.
  await hannah.page.goto('/shop/balance');
  await segment(hannah.page, 'Everyone').click();
  await expect(hannah.page.getByRole('button', { name: /Open the history of Anna Kowalski/ })).toBeVisible();
  await shot(hannah.page, 'shop-balances-desktop-light');
  await hannah.page.getByRole('button', { name: 'Reward' }).first().click();
  const form = hannah.page.getByRole('dialog', { name: 'Reward a colleague' });
  // Neither coins nor an achievement: the form says what is missing before anything is sent.
  await form.getByRole('button', { name: 'Reward' }).click();
  await expect(form.getByText('Choose whom to reward')).toBeVisible();
  await expect(form.getByText('Give coins, an achievement or both')).toBeVisible();
  await form.getByLabel('Whom').fill('Anna');
  await hannah.page.getByRole('option', { name: /Anna Kowalski/ }).click();
  await form.getByRole('textbox', { name: 'Coins' }).fill('200');
  await form.getByRole('combobox', { name: 'Achievement' }).click();
  await hannah.page.getByRole('option', { name: 'Mentor' }).click();
  await form
    .getByRole('textbox', { name: 'What for' })
    .fill('Walked three newcomers through their first week with patience.');
  await form.getByRole('checkbox', { name: 'Thank them on the company wall' }).check();
  await form.getByRole('button', { name: 'Reward' }).click();
  await expect(form).toBeHidden();
  await expect(hannah.page.getByRole('button', { name: /Open the history of Anna Kowalski/ })).toBeVisible();

  // Anna's coins follow; she buys the hoodie after confirming.
  await anna.page.reload();
  await expect(anna.page.getByTestId('shop-balance')).toHaveText('350 TH');
  const restBefore = await hoodie.getByText(/^Left: \d+$/).textContent();
  await hoodie.getByRole('button', { name: 'Buy Hallway hoodie' }).click();
  const confirm = anna.page.getByRole('dialog', { name: 'Buy this item?' });
  await expect(confirm).toContainText('Buy «Hallway hoodie» for 300 TH? You will have 50 TH left.');
  await confirm.getByRole('button', { name: 'Buy' }).click();
  await expect(confirm).toBeHidden();
  await expect(anna.page.getByTestId('shop-balance')).toHaveText('50 TH');
  const left = Number(restBefore!.replace(/\D/g, '')) - 1;
  await expect(hoodie.getByText(`Left: ${left}`)).toBeVisible();

  // Her balance tab: the purchase waits to be handed over, and the achievement is hers.
  await anna.page.getByRole('tab', { name: 'Balance' }).click();
  await expect(anna.page.getByText('Bought «Hallway hoodie»').first()).toBeVisible();
  await expect(anna.page.getByText('Waiting for hand-over').first()).toBeVisible();
  await expect(anna.page.getByLabel('Mentor').first()).toBeVisible();
  await shot(anna.page, 'shop-balance-desktop-light');

  // Hannah hands it over from the purchases list.
  await segment(hannah.page, 'Purchases').click();
  const purchase = hannah.page
    .getByRole('article')
    .filter({ hasText: 'Anna Kowalski bought «Hallway hoodie»' })
    .first();
  await purchase.getByRole('button', { name: 'Mark handed over' }).click();
  await expect(purchase).toHaveCount(0);
  await anna.page.reload();
  await expect(anna.page.getByText('Handed over').first()).toBeVisible();

  // The statistics, in both themes and on a phone.
  await hannah.page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(hannah.page.getByText('Held now')).toBeVisible();
  await expect(hannah.page.getByRole('heading', { name: 'Top items' })).toBeVisible();
  await shot(hannah.page, 'shop-stats-desktop-light');
  await setTheme(hannah.page, 'dark');
  await shot(hannah.page, 'shop-stats-desktop-dark');
  await hannah.page.getByRole('tab', { name: 'Shop', exact: true }).click();
  await expect(hannah.page.getByRole('article', { name: 'Hallway hoodie' })).toBeVisible();
  await shot(hannah.page, 'shop-items-desktop-dark');
  await setTheme(hannah.page, 'light');
  await hannah.context.close();

  await anna.page.setViewportSize(PHONE);
  await anna.page.getByRole('tab', { name: 'Shop', exact: true }).click();
  await expect(anna.page.getByRole('article', { name: 'Hallway hoodie' })).toBeVisible();
  await shot(anna.page, 'shop-items-phone-light');
  await anna.context.close();
});
