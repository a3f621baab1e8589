import type { Page } from '@playwright/test';
import { expect, PHONE, shot, signInFresh, test } from './helpers';

async function openOwnProfile(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
}

async function darkTheme(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
}

test('an employee edits their own profile and finds the change in the address book', async ({ page }) => {
  await signInFresh(page, 'elena');
  await openOwnProfile(page);
  await expect(page.getByRole('heading', { name: 'Elena Popescu', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'HR data' })).toBeVisible();
  await shot(page, 'profile-desktop-light');

  // Main: a status line, shown under the name.
  const status = page.getByRole('textbox', { name: 'Status' });
  await status.fill('Planning the spring release');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  await expect(page.getByText('Planning the spring release', { exact: true }).first()).toBeVisible();

  // Contacts: a city and a phone, with the rules of the form.
  await page.getByRole('tab', { name: 'Contacts' }).click();
  const email = page.getByRole('textbox', { name: 'E-mail' });
  const previous = await email.inputValue();
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid e-mail')).toBeVisible();
  await email.fill(previous);
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Porto');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+351 910 000 111');
  await page.getByRole('textbox', { name: 'Telegram' }).fill('@elena_p');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in Telegram' })).toHaveAttribute('href', 'https://t.me/elena_p');
  await shot(page, 'profile-contacts-desktop-light');

  // The HR-owned work data is not hers to change.
  await page.getByRole('tab', { name: 'Extra' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Extra' }).getByText('Position')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Position' })).toHaveCount(0);

  await page.goto('/addressBook/');
  await expect(page.getByRole('heading', { name: 'Address book' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('popescu');
  const rows = page.getByTestId('person-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Porto');
  await expect(rows.first()).toContainText('+351 910 000 111');
  await expect(rows.first().getByRole('link', { name: 'Call Elena Popescu' })).toHaveAttribute(
    'href',
    'tel:+351910000111',
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(rows.first()).toBeVisible();
  await shot(page, 'address-book-desktop-light');

  // A filter by city from the server's list.
  await page.getByRole('combobox', { name: 'City' }).click();
  await page.getByRole('option', { name: 'Porto' }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows.nth(2)).toBeVisible();

  await darkTheme(page);
  await shot(page, 'address-book-desktop-dark');
  await openOwnProfile(page);
  await expect(page.getByRole('heading', { name: 'Elena Popescu', level: 1 })).toBeVisible();
  await shot(page, 'profile-desktop-dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
});

test('following a colleague shows under their subscribers', async ({ page }) => {
  await signInFresh(page, 'mateo');
  await page.goto('/addressBook/');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Neumann');
  await page.getByRole('link', { name: 'Clara Neumann', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Clara Neumann', level: 1 })).toBeVisible();
  // A colleague sees neither HR data nor HR files.
  await expect(page.getByRole('tab', { name: 'HR data' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Status' })).toHaveCount(0);
  const follow = page.getByRole('button', { name: 'Follow' });
  await follow.click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(page.getByRole('link', { name: 'Mateo García', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByRole('button', { name: 'Follow' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mateo García', exact: true })).toHaveCount(0);
});

test('birthdays of this month and next', async ({ page }) => {
  await signInFresh(page, 'omar');
  await page.goto('/birthdays/');
  await expect(page.getByRole('heading', { name: 'Birthdays', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await shot(page, 'birthdays-desktop-light');
  await darkTheme(page);
  await shot(page, 'birthdays-desktop-dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('profile, address book and birthdays fit a phone', async ({ page }) => {
    await signInFresh(page, 'omar');
    await page.goto('/addressBook/');
    await expect(page.getByTestId('person-row').first()).toBeVisible();
    await shot(page, 'address-book-phone-light');
    await page.getByTestId('person-row').first().getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/profile\//);
    await expect(page.getByRole('tab', { name: 'Main' })).toBeVisible();
    await shot(page, 'profile-phone-light');
    await page.goto('/birthdays/');
    await expect(page.getByRole('heading', { name: 'Birthdays', level: 1 })).toBeVisible();
    await shot(page, 'birthdays-phone-light');
    await darkTheme(page);
    await shot(page, 'birthdays-phone-dark');
    await page.goto('/addressBook/');
    await expect(page.getByTestId('person-row').first()).toBeVisible();
    await shot(page, 'address-book-phone-dark');
    await page.getByTestId('person-row').first().getByRole('link').nth(1).click();
    await expect(page.getByRole('tab', { name: 'Main' })).toBeVisible();
    await shot(page, 'profile-phone-dark');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Light theme' }).click();
  });
});
