import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { apiToken, expect, PHONE, SUPERADMIN, shot, signIn, signInFresh, test } from './helpers';

const stamp = Date.now().toString(36);
/** Names take letters only: the run's stamp spelled without digits. */
const lettered = stamp.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

async function openEmployees(page: Page, query = '') {
  await page.goto(`/employees/${query}`);
  await expect(page.getByRole('heading', { name: 'Employees', level: 1 })).toBeVisible();
}

/** Serious and critical axe-core problems of what is on screen (the a11y spec's rules). */
async function axeProblems(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function theme(page: Page, name: 'Dark theme' | 'Light theme') {
  const wanted = name === 'Dark theme' ? 'dark' : 'light';
  if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) === wanted) return;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', wanted);
}

/** Three people of the demo workspace made for this run (their surname carries the run's stamp). */
async function makePeople(request: APIRequestContext, tag: string) {
  const { token } = await apiToken(request, 'admin');
  for (const first of ['Bea', 'Bo', 'Bruno']) {
    const created = await request.post('/api/register', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        firstName: first,
        lastName: `Bulk${tag}`,
        email: `${first.toLowerCase()}.${tag}@northwind.example`,
        password: 'secret12',
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
  }
}

/** A workspace of its own (open registration that waits for approval) with an administrator. */
async function approvalWorkspace(request: APIRequestContext, suffix: string) {
  const superadmin = await request.post('/api/loginPage', {
    data: { login: SUPERADMIN.login, password: SUPERADMIN.password },
  });
  const { token } = (await superadmin.json()) as { token: string };
  const code = `wait${stamp}${suffix}`;
  const admin = { login: `wadmin${stamp}${suffix}`, email: `wadmin@${code}.example`, password: 'secret12' };
  const created = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      workspace: code,
      name: 'Waiting Room',
      settings: { openRegistration: true },
      admin: { ...admin, firstName: 'Wanda', lastName: 'Warden' },
    },
  });
  expect(created.ok()).toBeTruthy();
  return { code, admin };
}

test('an administrator selects people and acts on them at once: a role, block, unblock, export', async ({
  page,
  request,
}) => {
  const tag = `${lettered}a`;
  await makePeople(request, tag);
  await signInFresh(page, 'admin');
  await openEmployees(page);
  await page.getByRole('textbox', { name: 'Search employees' }).fill(`Bulk${tag}`);
  await expect(page.getByTestId('employee-row')).toHaveCount(3);

  // The whole page at once, then one unticked again by keyboard.
  await page.getByRole('checkbox', { name: 'Select everyone on this page' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions on the selected people' });
  await expect(bar.getByText('Selected: 3')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select Bruno Bulk${tag}` }).focus();
  await page.keyboard.press('Space');
  await expect(bar.getByText('Selected: 2')).toBeVisible();

  await bar.getByRole('button', { name: 'Roles' }).click();
  await page.getByRole('menuitem', { name: 'Give a role: HR manager' }).click();
  await expect(page.getByText('Done: 2')).toBeVisible();
  for (const first of ['Bea', 'Bo'])
    await expect(page.getByTestId('employee-row').filter({ hasText: `${first} Bulk${tag}` })).toContainText('HR');
  await expect(page.getByTestId('employee-row').filter({ hasText: `Bruno Bulk${tag}` })).not.toContainText('HR');

  await page.getByRole('checkbox', { name: 'Select everyone on this page' }).check();
  await expect(bar.getByText('Selected: 3')).toBeVisible();
  await shot(page, 'employees-bulk-desktop-light');
  expect(await axeProblems(page)).toEqual([]);
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export the selected to xlsx' }).click();
  const file = await download;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet.rowCount).toBe(4);

  await bar.getByRole('button', { name: 'Block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block the selected people?' });
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('employee-row')).toHaveCount(0);

  // Blocked people cannot sign in; the deleted list unblocks them together.
  const blocked = await request.post('/api/loginPage', {
    data: { login: `bea.${tag}@northwind.example`, password: 'secret12' },
  });
  expect(blocked.status()).toBe(403);
  await page.getByRole('switch', { name: 'Show deleted' }).check();
  await expect(page.getByTestId('employee-row')).toHaveCount(3);
  await theme(page, 'Dark theme');
  await page.getByRole('checkbox', { name: 'Select everyone on this page' }).check();
  await shot(page, 'employees-bulk-deleted-desktop-dark');
  expect(await axeProblems(page)).toEqual([]);
  await bar.getByRole('button', { name: 'Unblock' }).click();
  // The block's toast may still show the same words: the newest is the unblock's.
  await expect(page.getByText('Done: 3').last()).toBeVisible();
  await expect(page.getByTestId('employee-row')).toHaveCount(0);
  await theme(page, 'Light theme');
  const back = await request.post('/api/loginPage', {
    data: { login: `bea.${tag}@northwind.example`, password: 'secret12' },
  });
  expect(back.ok()).toBeTruthy();
});

test('a newcomer waits for approval; the administrator approves them from the pending list', async ({
  page,
  browser,
  request,
}) => {
  const { code, admin } = await approvalWorkspace(request, 'r');
  await signInFresh(page, admin.login, admin.password);
  await openEmployees(page);
  await page.getByRole('tab', { name: 'Other settings' }).click();
  const approval = page.getByRole('switch', { name: /administrator’s approval/ });
  await approval.check();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await expect(approval).toBeChecked();
  await shot(page, 'employees-approval-setting-desktop-light');

  const newcomer = await (await browser.newContext()).newPage();
  const email = `pia@${code}.example`;
  await newcomer.goto(`/register/?workspace=${code}`);
  await expect(newcomer.getByTestId('auth-workspace')).toHaveText('Waiting Room');
  await newcomer.getByRole('textbox', { name: 'First name' }).fill('Pia');
  await newcomer.getByRole('textbox', { name: 'Last name' }).fill('Pending');
  await newcomer.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await newcomer.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
  await newcomer.getByRole('textbox', { name: 'Repeat the password' }).fill('secret12');
  await newcomer.getByRole('button', { name: 'Join' }).click();
  await expect(
    newcomer.getByRole('status').filter({ hasText: 'waiting for an administrator’s approval' }),
  ).toBeVisible();
  await shot(newcomer, 'register-pending-desktop-light');
  await newcomer.goto('/login/');
  await signIn(newcomer, email, 'secret12');
  await expect(
    newcomer.getByRole('alert').filter({ hasText: 'waiting for an administrator’s approval' }),
  ).toBeVisible();

  // The administrator's bell has the request; its link opens the pending list.
  await openEmployees(page, '?status=pending');
  await expect(page.getByRole('switch', { name: 'Pending registrations' })).toBeChecked();
  const row = page.getByTestId('employee-row').filter({ hasText: 'Pia Pending' });
  await expect(row).toContainText('Pending');
  await shot(page, 'employees-pending-desktop-light');
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Actions for Pia Pending' }).click();
  await page.getByRole('menuitem', { name: 'Approve registration' }).click();
  await expect(page.getByTestId('employee-row')).toHaveCount(0);

  await signIn(newcomer, email, 'secret12');
  await expect(newcomer.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await newcomer.context().close();
});

test('the workspace header image goes through the cropper and shows in the header', async ({ page, request }, info) => {
  const { admin } = await approvalWorkspace(request, 'h');
  const path = info.outputPath('banner.jpg');
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1f6f5c' } })
    .composite([
      {
        input: await sharp({ create: { width: 800, height: 200, channels: 3, background: '#f0b429' } })
          .png()
          .toBuffer(),
        top: 350,
        left: 400,
      },
    ])
    .jpeg()
    .toFile(path);
  await signInFresh(page, admin.login, admin.password);
  await openEmployees(page);
  await page.getByRole('tab', { name: 'Interface' }).click();
  await expect(page.getByText('No header image yet')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a header image' }).click();
  await (await chooser).setFiles(path);
  const dialog = page.getByRole('dialog', { name: 'Crop the header image' });
  await expect(dialog.getByText('The result is 1280 × 160 px.')).toBeVisible();
  await dialog.getByRole('slider', { name: 'Zoom' }).focus();
  await page.keyboard.press('ArrowRight');
  await shot(page, 'header-cropper-desktop-light');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  const preview = page.getByTestId('header-image-preview');
  await expect(preview).toBeVisible();
  const src = (await preview.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
  const size = await page.evaluate(
    (url) =>
      new Promise<{ width: number; height: number }>((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
        image.onerror = reject;
        image.src = url;
      }),
    src,
  );
  expect(size).toEqual({ width: 1280, height: 160 });
  await expect(page.getByTestId('shell-header')).toHaveAttribute('style', new RegExp(src));
  await shot(page, 'employees-interface-desktop-light');
  await theme(page, 'Dark theme');
  await shot(page, 'employees-interface-desktop-dark');
  expect(await axeProblems(page)).toEqual([]);
  await theme(page, 'Light theme');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('selection and its actions fit a phone', async ({ page, request }) => {
    const tag = `${lettered}p`;
    await makePeople(request, tag);
    await signInFresh(page, 'admin');
    await openEmployees(page);
    await page.getByRole('textbox', { name: 'Search employees' }).fill(`Bulk${tag}`);
    await expect(page.getByTestId('employee-row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: `Select Bea Bulk${tag}` }).check();
    await page.getByRole('checkbox', { name: `Select Bo Bulk${tag}` }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions on the selected people' });
    await expect(bar.getByText('Selected: 2')).toBeVisible();
    await shot(page, 'employees-bulk-phone-light');
    await theme(page, 'Dark theme');
    await shot(page, 'employees-bulk-phone-dark');
    expect(await axeProblems(page)).toEqual([]);
    await theme(page, 'Light theme');
  });
});
