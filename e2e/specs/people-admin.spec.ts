import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiToken, expect, PHONE, shot, signIn, signInFresh, test } from './helpers';

const stamp = Date.now().toString(36);

/** Signs in as someone in a fresh browser (another device) and answers what the login page said. */
async function trySignIn(browser: Browser, login: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login/');
  await signIn(page, login, password);
  const outcome = await Promise.race([
    page
      .getByRole('button', { name: 'Account menu' })
      .waitFor()
      .then(() => 'signed in'),
    page
      .getByRole('alert')
      .filter({ hasText: /deleted|incorrect|error/i })
      .first()
      .waitFor()
      .then(async () => (await page.getByRole('alert').first().textContent()) ?? ''),
  ]);
  await context.close();
  return outcome;
}

async function openEmployees(page: Page) {
  await page.goto('/employees/');
  await expect(page.getByRole('heading', { name: 'Employees', level: 1 })).toBeVisible();
}

async function findEmployee(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search employees' }).fill(text);
  await expect(page.getByTestId('employee-row')).toHaveCount(1);
}

async function confirmAction(page: Page, person: string, action: 'Delete' | 'Restore') {
  await page.getByRole('button', { name: `Actions for ${person}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: action }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** The address book's search finds `count` people (waiting out the debounce). */
async function expectInAddressBook(page: Page, text: string, count: 0 | 1) {
  await page.goto('/addressBook/');
  await expect(page.getByTestId('person-row').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  if (count) await expect(page.getByTestId('person-row')).toHaveCount(1);
  else await expect(page.getByText('Nobody found')).toBeVisible();
}

test('an administrator adds an employee who signs in; deleting hides and blocks them, restoring brings them back', async ({
  page,
  browser,
}) => {
  const email = `nora.${stamp}@northwind.example`;
  await signInFresh(page, 'admin');
  await openEmployees(page);
  await shot(page, 'employees-all-desktop-light');

  await page.getByRole('button', { name: 'Add employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'New employee' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Nora');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill(`Test${stamp.replace(/\d/g, '')}`);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('nora-pass-1');
  await dialog.getByRole('textbox', { name: 'Repeat the password' }).fill('nora-pass-2');
  await dialog.getByRole('textbox', { name: 'INN' }).fill('123');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Make sure the passwords match')).toBeVisible();
  await expect(dialog.getByText('INN must be 10 digits')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Repeat the password' }).fill('nora-pass-1');
  await dialog.getByRole('textbox', { name: 'INN' }).fill('1234567890');
  await dialog.getByRole('textbox', { name: 'Position' }).fill('Data Analyst');
  await shot(page, 'employees-add-desktop-light');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Registration completed. You can sign in now.')).toBeVisible();
  expect(await trySignIn(browser, email, 'nora-pass-1')).toBe('signed in');
  await expectInAddressBook(page, email, 1);

  await openEmployees(page);
  await findEmployee(page, email);
  const name = `Nora Test${stamp.replace(/\d/g, '')}`;
  await confirmAction(page, name, 'Delete');
  await expect(page.getByTestId('employee-row')).toHaveCount(0);
  await expectInAddressBook(page, email, 0);
  expect(await trySignIn(browser, email, 'nora-pass-1')).toContain('User was deleted');

  await openEmployees(page);
  await page.getByRole('switch', { name: 'Show deleted' }).check();
  await findEmployee(page, email);
  await expect(page.getByTestId('employee-row')).toContainText('Deleted');
  await confirmAction(page, name, 'Restore');
  expect(await trySignIn(browser, email, 'nora-pass-1')).toBe('signed in');
  await expectInAddressBook(page, email, 1);
});

test('an administrator invites someone by e-mail: they show as invited and get a link, not a password', async ({
  page,
  request,
}) => {
  const email = `ines.${stamp}@northwind.example`;
  await signInFresh(page, 'admin');
  await openEmployees(page);
  await page.getByRole('button', { name: 'Invite by e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite by e-mail' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Ines');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Invited');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Position' }).fill('Designer');
  await shot(page, 'employees-invite-desktop-light');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await findEmployee(page, email);
  const row = page.getByTestId('employee-row');
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  await expect(row.getByText('Never', { exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Last sign-in' })).toBeVisible();
  await shot(page, 'employees-invited-desktop-light');

  // The invitation went out by mail; nobody signs in as the newcomer before they set a password.
  const { token } = await apiToken(request, 'admin');
  const outbox = await request.get('/api/mail_check/outbox', { headers: { Authorization: `Bearer ${token}` } });
  const mails = (await outbox.json()).result as { to: string; subject: string }[];
  expect(mails.find((mail) => mail.to === email)?.subject).toMatch(/^You are invited to /);
  const guess = await request.post('/api/loginPage', { data: { login: email, password: 'guessed-pass-1' } });
  expect(guess.status()).toBe(400);
  expect((await guess.json()).code).toBe('password_incorrect');

  await page.getByRole('button', { name: 'Actions for Ines Invited' }).click();
  await page.getByRole('menuitem', { name: 'Send the invitation again' }).click();
  await expect(page.getByText(`A new invitation was sent to ${email}`).first()).toBeVisible();
});

test('the import dialog hands out a template with the columns the import reads', async ({ page }) => {
  await signInFresh(page, 'admin');
  await openEmployees(page);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import employees' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download template' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('employees-import-template.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const header = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 3)).toEqual(['firstName', 'lastName', 'email']);
  expect(header).toContain('password');
  expect(workbook.worksheets[0].getRow(2).getCell(1).value).toBe('Maria');
});

test('an import of a spreadsheet with one bad row reports that row and imports the rest', async ({ page }, info) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  sheet.addRow(['firstName', 'lastName', 'email', 'position', 'department']);
  sheet.addRow(['Ivo', 'Importa', `ivo.${stamp}@northwind.example`, 'Tester', 'Quality']);
  sheet.addRow(['Bad', 'Row', 'no-at-sign', 'Tester', 'Quality']);
  sheet.addRow(['Uma', 'Importa', `uma.${stamp}@northwind.example`, 'Tester', 'Quality']);
  const path = info.outputPath('people.xlsx');
  await workbook.xlsx.writeFile(path);

  await signInFresh(page, 'admin');
  await openEmployees(page);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import employees' });
  await dialog.getByTestId('file-input').setInputFiles(path);
  const report = dialog.getByTestId('import-report');
  await expect(report.getByText('Created: 2')).toBeVisible();
  await expect(report.getByText('Rows with errors: 1')).toBeVisible();
  await expect(report.getByRole('row', { name: /3 E-mail: Invalid e-mail/ })).toBeVisible();
  await shot(page, 'employees-import-desktop-light');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await findEmployee(page, `ivo.${stamp}`);
  await findEmployee(page, `uma.${stamp}`);
  await page.getByRole('textbox', { name: 'Search employees' }).fill('no-at-sign');
  await expect(page.getByText('No employees found')).toBeVisible();
});

test('export downloads a real xlsx of every employee', async ({ page }) => {
  await signInFresh(page, 'admin');
  await openEmployees(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^employees-demo-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(expect.arrayContaining(['login', 'email', 'firstName', 'lastName', 'position']));
  const logins = [];
  for (let r = 2; r <= sheet.rowCount; r++) logins.push(sheet.getRow(r).getCell(1).value);
  expect(logins).toEqual(expect.arrayContaining(['admin', 'anna', 'elena']));
  expect(logins.length).toBeGreaterThanOrEqual(25);
});

test('rights and roles, other settings and company data', async ({ page }) => {
  await signInFresh(page, 'admin');
  await openEmployees(page);
  await page.getByRole('tab', { name: 'Rights and roles' }).click();
  await page.getByRole('combobox', { name: 'Employee' }).fill('Jonas');
  await page.getByRole('option', { name: /Jonas/ }).click();
  // Jonas's own switches (the defaults for new employees below have the same names).
  const jonas = page.getByRole('group', { name: /^Rights of Jonas/ });
  const editing = jonas.getByRole('switch', { name: 'Profile editing' });
  await expect(editing).toBeChecked();
  // Rights of modules not built yet (adaptation) are not offered: they would control nothing. The chat's, the
  // shop's, the ideas', the violation reports' and learning's are.
  await expect(jonas.getByRole('switch', { name: 'Wall publishing' })).toBeVisible();
  for (const built of ['Chat', 'Shop', 'Ideas', 'Anonymous reports', 'Learning'])
    await expect(jonas.getByRole('switch', { name: built })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Adaptation' })).toHaveCount(0);
  await editing.uncheck();
  await expect(editing).not.toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'Rights and roles' }).click();
  await page.getByRole('combobox', { name: 'Employee' }).fill('Jonas');
  await page.getByRole('option', { name: /Jonas/ }).click();
  await expect(editing).not.toBeChecked();
  await editing.check();
  await expect(editing).toBeChecked();
  await shot(page, 'employees-rights-desktop-light');

  await page.getByRole('tab', { name: 'Other settings' }).click();
  await expect(page.getByRole('switch', { name: /Open registration/ })).toBeVisible();
  // The mood meter is built: its switch is offered.
  await expect(page.getByRole('switch', { name: /mood meter/i })).toBeVisible();
  await shot(page, 'employees-settings-desktop-light');

  await page.getByRole('tab', { name: 'Company data' }).click();
  const director = page.getByRole('textbox', { name: 'Director' });
  await director.fill('Daniel Weber');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await shot(page, 'employees-company-desktop-light');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await page.getByRole('tab', { name: 'All employees' }).click();
  await expect(page.getByTestId('employee-row').first()).toBeVisible();
  await shot(page, 'employees-all-desktop-dark');
  await page.getByRole('tab', { name: 'Rights and roles' }).click();
  await shot(page, 'employees-rights-desktop-dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the employees tabs fit a phone', async ({ page }) => {
    await signInFresh(page, 'admin');
    await openEmployees(page);
    await expect(page.getByTestId('employee-row').first()).toBeVisible();
    await shot(page, 'employees-all-phone-light');
    await page.getByRole('tab', { name: 'Rights and roles' }).click();
    await expect(page.getByText('Choose an employee to see their rights and roles.')).toBeVisible();
    await shot(page, 'employees-rights-phone-light');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Dark theme' }).click();
    await page.getByRole('tab', { name: 'All employees' }).click();
    await expect(page.getByTestId('employee-row').first()).toBeVisible();
    await shot(page, 'employees-all-phone-dark');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Light theme' }).click();
  });
});
