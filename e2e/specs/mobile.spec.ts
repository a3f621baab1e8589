import { expect, PHONE, SUPERADMIN, shot, signIn, test } from './helpers';

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test('a phone shows the mobile footer and the mobile menu', async ({ page }) => {
  await page.goto('/login/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'login-phone-light');
  await signIn(page, 'yuki');
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  const footer = page.getByRole('navigation', { name: 'Menu' });
  await expect(footer).toBeVisible();
  await shot(page, 'wall-phone-light');

  await footer.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Northwind Labs' });
  await expect(drawer).toBeVisible();
  await shot(page, 'menu-phone-light');
  await drawer.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile\//);
  await expect(drawer).toBeHidden();

  // The header burger opens the same menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Northwind Labs' })).toBeVisible();
});

test('the clients page on a phone, light and dark', async ({ page }) => {
  await page.goto('/login/');
  await signIn(page, SUPERADMIN.login, SUPERADMIN.password);
  await expect(page).toHaveURL(/\/clients$/);
  // Phones get one card per workspace, with its actions at hand.
  await expect(page.getByRole('button', { name: 'Enter Northwind Labs' })).toBeVisible();
  await shot(page, 'clients-phone-light');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(page, 'clients-phone-dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
});
