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

test('tab bars of the employees page and the profile show every label on a phone', async ({ page }) => {
  await page.goto('/login/');
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/company$/);
  const allInSight = async (name: string) => {
    const tabs = page.getByRole('tablist', { name }).getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      // Wrapped, not cut: each tab lies inside the 390 px screen.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  };
  await page.goto('/employees');
  await allInSight('Administration sections');
  await shot(page, 'employees-tabs-phone');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Northwind Labs' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile\//);
  await allInSight('Profile sections');
  await shot(page, 'profile-tabs-phone');
});
