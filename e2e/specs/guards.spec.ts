import { expect, signInFresh, test } from './helpers';

test('an employee opening /clients or /employees/ is sent to the wall', async ({ page }) => {
  await signInFresh(page, 'anna');
  await page.goto('/clients');
  await expect(page).toHaveURL(/\/company$/);
  await page.goto('/employees/');
  await expect(page).toHaveURL(/\/company$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Employees' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);
});

test('an administrator opens the employees page from the menu', async ({ page }) => {
  await signInFresh(page, 'admin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Employees' }).click();
  await expect(page).toHaveURL(/\/employees\/$/);
  await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search employees' }).fill('Kowalski');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search employees' }).fill('zzzz');
  await expect(page.getByText('No employees found')).toBeVisible();
});
