import { expect, shot, signInFresh, test } from './helpers';

test('switching the language to uk and en changes the shell and is kept on the server', async ({ page }) => {
  await signInFresh(page, 'tom');
  const nav = page.getByRole('navigation');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Українська' }).click();
  await expect(nav.getByRole('link', { name: 'Стіна' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');

  // Remembered on the server: a reload starts in Ukrainian.
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Стіна' })).toBeVisible();

  await page.getByRole('button', { name: 'Меню облікового запису' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Wall' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the dark theme persists across a reload', async ({ page }) => {
  await signInFresh(page, 'priya');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(page, 'wall-desktop-dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
