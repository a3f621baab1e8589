import { expect, SUPERADMIN, shot, signIn, test } from './helpers';

test('a superadmin lands on /clients, creates a workspace, edits it and enters it', async ({ page }) => {
  const code = `e2e${Date.now().toString(36)}`;
  const name = `Acme ${code}`;
  await page.goto('/');
  await signIn(page, SUPERADMIN.login, SUPERADMIN.password);
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Northwind Labs demo' })).toBeVisible();
  await shot(page, 'clients-desktop-light');

  await page.getByRole('button', { name: 'New workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await dialog.getByRole('textbox', { name: 'Workspace code' }).fill('bad code!');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog.getByText('Use Latin letters and digits only').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Workspace code' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Admin');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`ada@${code}.example`);
  await dialog.getByRole('textbox', { name: 'Password' }).fill('secret123');
  await shot(page, 'clients-create-desktop-light');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Workspace ${name} created`)).toBeVisible();

  // The Information tab edits the workspace.
  await page.getByRole('textbox', { name: 'Search' }).fill(code);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const drawer = page.getByRole('dialog', { name: `${name} (${code})` });
  await expect(drawer.getByRole('tab', { name: 'Information' })).toBeVisible();
  await drawer.getByRole('textbox', { name: 'City' }).fill('Lisbon');
  await shot(page, 'clients-info-desktop-light');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('button', { name: `Enter ${name}` }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByTestId('workspace-name')).toHaveText(name);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('currentClient') ?? 'null')?.workspace)).toBe(code);

  // The saved workspace is entered again after a reload; the superadmin never gets one by themselves.
  await page.reload();
  await expect(page.getByTestId('workspace-name')).toHaveText(name);
});

test('the clients page in the dark theme', async ({ page }) => {
  await page.goto('/login/');
  await signIn(page, SUPERADMIN.login, SUPERADMIN.password);
  await expect(page).toHaveURL(/\/clients$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('cell', { name: 'Northwind Labs demo' })).toBeVisible();
  await shot(page, 'clients-desktop-dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
