import type { Locator, Page } from '@playwright/test';
import { expect, openAs, PHONE, setTheme, shot, test } from './helpers';

/** Chooses a person in a people picker, as a person does: typed, then picked from the list. */
async function pickPerson(page: Page, scope: Locator, label: string, name: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  await input.pressSequentially(name.split(' ')[0]);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

test('a service: designed by an administrator, requested, accepted live, declined with a reason, and its table filtered', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await openAs(browser, 'admin');
  const page = admin.page;
  const name = `Conference trip ${Date.now() % 100_000}`;

  // The catalogue from the menu: the demo's groups with their services.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect(page.getByRole('link', { name: /New laptop/ }).first()).toBeVisible();
  await shot(page, 'services-catalogue-desktop-light');

  // The designer: an empty service says what is missing.
  await page.getByRole('link', { name: 'New service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New service' })).toBeVisible();
  await page.getByRole('button', { name: 'Create the service' }).click();
  await expect(page.getByText('Enter a name')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Travel to a conference: the team lead, then the office.');
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'IT', exact: true }).click();
  await page
    .locator('label')
    .filter({ hasText: /^Multi-step$/ })
    .click();
  const fields = page.getByTestId('designer-field');
  await fields.nth(0).getByRole('textbox', { name: 'Field name' }).fill('Conference');
  await fields.nth(0).getByRole('checkbox', { name: 'Required' }).check();
  const formSection = page.getByRole('region', { name: 'Request form' });
  await formSection.getByRole('button', { name: 'Add a field' }).click();
  await fields.nth(1).getByRole('textbox', { name: 'Field name' }).fill('Travel dates');
  await fields.nth(1).getByRole('combobox', { name: 'Field type' }).click();
  await page.getByRole('option', { name: 'Period' }).click();
  await formSection.getByRole('button', { name: 'Add a field' }).click();
  await fields.nth(2).getByRole('textbox', { name: 'Field name' }).fill('Class');
  await fields.nth(2).getByRole('combobox', { name: 'Field type' }).click();
  await page.getByRole('option', { name: 'Choice from a list' }).click();
  await fields.nth(2).getByRole('textbox', { name: 'Options' }).fill('Economy\nBusiness');
  // The third field is moved to the top with the keyboard.
  const handle = fields.nth(2).getByRole('button', { name: 'Drag field 3' });
  await handle.focus();
  // Each step is announced to screen readers; the test waits for it as a person does.
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: 'Field 3 is at position 2 of 3.' })).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: 'Field 3 is at position 1 of 3.' })).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Field 3 dropped at position 1 of 3.' })).toHaveCount(1);
  await expect(fields.nth(0).getByRole('textbox', { name: 'Field name' })).toHaveValue('Class');
  const steps = page.getByTestId('designer-step');
  await steps.nth(0).getByRole('textbox', { name: 'Step name' }).fill('Team lead approves');
  await pickPerson(page, steps.nth(0), 'Named people', 'Lukas Schmidt');
  await page.getByRole('button', { name: 'Add a step' }).click();
  await steps.nth(1).getByRole('textbox', { name: 'Step name' }).fill('Office books it');
  await pickPerson(page, steps.nth(1), 'Named people', 'Sofia');
  await shot(page, 'services-designer-desktop-light');
  await page.getByRole('button', { name: 'Create the service' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const serviceId = /\/service\/([0-9a-f-]{36})/.exec(page.url())![1];
  await page.getByRole('tab', { name: 'Steps' }).click();
  await expect(page.getByText('1. Team lead approves')).toBeVisible();

  // Anna files a request; required fields are refused first.
  const anna = await openAs(browser, 'anna');
  await anna.page.goto(`/service/${serviceId}`);
  await anna.page.getByRole('button', { name: 'Send the request' }).click();
  await expect(anna.page.getByText('Fill in this field')).toBeVisible();
  await anna.page.getByRole('textbox', { name: 'Conference' }).fill('ReactConf Berlin');
  await anna.page.getByRole('combobox', { name: 'Class' }).click();
  await anna.page.getByRole('option', { name: 'Economy' }).click();
  await anna.page.getByRole('textbox', { name: 'Travel dates: From' }).fill('2026-12-01');
  await anna.page.getByRole('textbox', { name: 'Travel dates: To' }).fill('2026-12-03');
  await anna.page.keyboard.press('Tab');
  await shot(anna.page, 'services-request-form-desktop-light');
  await anna.page.getByRole('button', { name: 'Send the request' }).click();
  await expect(anna.page.getByRole('heading', { name: 'Steps' })).toBeVisible();
  const requestUrl = anna.page.url();
  const annaSteps = anna.page.getByTestId('request-step');
  await expect(annaSteps.nth(1)).toHaveAttribute('data-status', 'active');
  await expect(anna.page.getByText('ReactConf Berlin')).toBeVisible();

  // Lukas finds it waiting for him and accepts; Anna's open page follows without a reload.
  const lukas = await openAs(browser, 'lukas');
  await lukas.page.goto('/services?tab=queue');
  await lukas.page.getByRole('link', { name }).first().click();
  await lukas.page.getByRole('button', { name: 'Accept' }).click();
  await expect(lukas.page.getByText('You accepted the step')).toBeVisible();
  await expect(annaSteps.nth(1)).toHaveAttribute('data-status', 'done');
  await expect(annaSteps.nth(2)).toHaveAttribute('data-status', 'active');

  // Sofia declines: the reason is required.
  const sofia = await openAs(browser, 'sofia');
  await sofia.page.goto(requestUrl);
  await sofia.page.getByRole('button', { name: 'Decline' }).click();
  const dialog = sofia.page.getByRole('dialog', { name: 'Decline the request' });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The travel budget is spent for this year.');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(sofia.page.getByText('You declined the request')).toBeVisible();

  // Anna sees the end, the history with the reason, and comments; Lukas reads her comment live.
  await expect(anna.page.getByText('Declined').first()).toBeVisible();
  const history = anna.page.getByTestId('request-history');
  await expect(history).toContainText('accepted “Team lead approves”');
  await expect(history).toContainText('The travel budget is spent for this year.');
  await anna.page.getByRole('textbox', { name: 'Write a comment' }).fill('Understood, thank you both.');
  await anna.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(lukas.page.getByTestId('comment').getByText('Understood, thank you both.')).toBeVisible();
  await shot(anna.page, 'services-request-desktop-light');

  // The table: every request of the service, filtered by status.
  await page.goto(`/service/${serviceId}?tab=table`);
  const table = page.getByTestId('requests-table');
  await expect(table.getByTestId('table-row')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Done' }).click();
  await expect(page.getByText('No request matches')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Declined' }).click();
  await expect(table.getByTestId('table-row')).toHaveCount(1);
  await expect(table).toContainText('ReactConf Berlin');
  await shot(page, 'services-table-desktop-light');

  // Dark theme and a phone.
  await setTheme(page, 'dark');
  await page.goto('/services');
  await expect(page.getByRole('link', { name: /New laptop/ }).first()).toBeVisible();
  await shot(page, 'services-catalogue-desktop-dark');
  await page.goto(requestUrl);
  await expect(page.getByTestId('request-history')).toBeVisible();
  await shot(page, 'services-request-desktop-dark');
  await setTheme(page, 'light');
  const phone = await openAs(browser, 'anna', PHONE);
  await phone.page.goto('/services');
  await expect(phone.page.getByRole('link', { name: /New laptop/ }).first()).toBeVisible();
  await shot(phone.page, 'services-catalogue-phone-light');
  await phone.page.goto(requestUrl);
  await expect(phone.page.getByTestId('request-history')).toBeVisible();
  await shot(phone.page, 'services-request-phone-light');
  await phone.page.goto(`/service/${serviceId}`);
  await expect(phone.page.getByRole('button', { name: 'Send the request' })).toBeVisible();
  await shot(phone.page, 'services-request-form-phone-light');
  for (const one of [admin, anna, lukas, sofia, phone]) await one.context.close();
});
