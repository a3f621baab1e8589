import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, PHONE, shot, signInFresh, test } from './helpers';

async function openOwnProfile(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
}

async function darkTheme(page: Page) {
  // A test that failed in the dark leaves the person's theme dark for the next one.
  if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) === 'dark') return;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
}

test('an employee edits their own profile and finds the change in the address book', async ({ page }) => {
  await signInFresh(page, 'elena');
  await openOwnProfile(page);
  await expect(page.getByRole('heading', { name: 'Elena Popescu', level: 1 })).toBeVisible();
  // Her own profile is a page to read first; editing is a mode.
  await expect(page.getByRole('tab', { name: 'HR data' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await shot(page, 'profile-desktop-light');

  // Main: a status line, shown under the name once saved, back on the page.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page.getByRole('heading', { name: 'Editing the profile' })).toBeVisible();
  const status = page.getByRole('textbox', { name: 'Status' });
  await status.fill('Planning the spring release');
  await shot(page, 'profile-edit-desktop-light');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Status' })).toHaveCount(0);
  await expect(page.getByText('Planning the spring release', { exact: true }).first()).toBeVisible();

  // Contacts: a city and a phone, with the rules of the form; cancel leaves what was typed behind.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Nowhere');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByText('Nowhere')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit profile' }).click();
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
  // Back on the page, the contacts are actions.
  const contact = page.getByRole('group', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: 'Open in Telegram' })).toHaveAttribute('href', 'https://t.me/elena_p');
  await expect(contact.getByRole('link', { name: 'Call', exact: true })).toHaveAttribute('href', 'tel:+351910000111');
  await expect(contact.getByRole('link', { name: 'Write an e-mail' })).toHaveAttribute('href', `mailto:${previous}`);
  await expect(page.getByText('Porto', { exact: true })).toBeVisible();
  await shot(page, 'profile-contacts-desktop-light');

  // The HR-owned work data is not hers to change.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('tab', { name: 'Extra' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Extra' }).getByText('Position')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Position' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the profile' }).click();
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();

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

test('any photo becomes a cover through the cropper', async ({ page }, info) => {
  // A 1200 × 900 photo: far from the 3420 px wide cover the server takes (spec portal §9).
  const path = info.outputPath('photo.jpg');
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7bd5' } })
    .composite([
      {
        input: await sharp({ create: { width: 600, height: 300, channels: 3, background: '#f5c542' } })
          .png()
          .toBuffer(),
        top: 300,
        left: 300,
      },
    ])
    .jpeg()
    .toFile(path);

  await signInFresh(page, 'omar');
  await openOwnProfile(page);
  // A run before this one may have left a cover: the new one is the one that replaces it.
  const before = (await page.getByTestId('profile-cover').getAttribute('style')) ?? '';
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change cover' }).click();
  await (await chooser).setFiles(path);
  const dialog = page.getByRole('dialog', { name: 'Crop the cover' });
  await expect(dialog.getByText('The result is 3420 × 570 px.')).toBeVisible();
  // Zoom in with the keyboard and move the kept part with the arrow keys.
  await dialog.getByRole('slider', { name: 'Zoom' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await dialog.getByRole('group', { name: /Part of the picture to keep/ }).focus();
  await page.keyboard.press('ArrowUp');
  await shot(page, 'cover-cropper-desktop-light');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  const cover = page.getByTestId('profile-cover');
  await expect(cover).toHaveAttribute('style', /url\("\/api\/files\/[0-9a-f-]{36}"\)/);
  await expect(cover).not.toHaveAttribute('style', before);
  const src = /url\("([^"]+)"\)/.exec((await cover.getAttribute('style')) ?? '')?.[1];
  const size = await page.evaluate(
    (url) =>
      new Promise<{ width: number; height: number }>((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
        image.onerror = reject;
        image.src = url;
      }),
    src!,
  );
  expect(size).toEqual({ width: 3420, height: 570 });
  await page.reload();
  await expect(page.getByTestId('profile-cover')).toHaveAttribute('style', new RegExp(src!));
  await shot(page, 'profile-cover-desktop-light');

  // The same photo as the avatar: a square, cropped in the dark theme.
  await darkTheme(page);
  const avatarChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change photo' }).click();
  await (await avatarChooser).setFiles(path);
  const avatarDialog = page.getByRole('dialog', { name: 'Crop the photo' });
  await expect(avatarDialog.getByText('The result is 512 × 512 px.')).toBeVisible();
  await shot(page, 'avatar-cropper-desktop-dark');
  await avatarDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(avatarDialog).toBeHidden();
  // connection.spec.ts renames Omar when it runs first: the surname is what stays.
  await expect(page.getByRole('img', { name: /Haddad/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
});

test('following a colleague shows under their subscribers', async ({ page }) => {
  await signInFresh(page, 'mateo');
  await page.goto('/addressBook/');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Neumann');
  await page.getByRole('link', { name: 'Clara Neumann', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Clara Neumann', level: 1 })).toBeVisible();
  // A page to read: work, contacts as actions, facts without empty labels, her posts; no form, no "Edit".
  await expect(page.getByText('Finance Manager · Finance')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Contact' }).getByRole('link', { name: 'Write an e-mail' }),
  ).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('definition').filter({ hasText: '17 August' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Posts', selected: true })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
  // A colleague sees neither HR data nor HR files.
  await expect(page.getByRole('tab', { name: 'HR data' })).toHaveCount(0);
  await shot(page, 'profile-other-desktop-light');
  const follow = page.getByRole('button', { name: 'Follow' });
  await follow.click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(page.getByRole('link', { name: 'Mateo García', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByRole('button', { name: 'Follow' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mateo García', exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Posts' }).click();
  await darkTheme(page);
  await shot(page, 'profile-other-desktop-dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
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

test('congratulate a colleague whose birthday is today, from the menu to the wall', async ({ page }) => {
  await signInFresh(page, 'omar');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Birthdays' }).click();
  await expect(page).toHaveURL(/\/birthdays$/);
  // The demo celebrates Priya's birthday and Lukas's 8 years at the company on the day it is seeded.
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('listitem').filter({ hasText: 'Priya Sharma' })).toBeVisible();
  await expect(today.getByRole('listitem').filter({ hasText: 'Lukas Schmidt' })).toContainText(
    '8 years at the company',
  );
  await shot(page, 'birthdays-today-desktop-light');
  await page.getByRole('button', { name: 'Congratulate Priya Sharma' }).click();
  await expect(page).toHaveURL(/\/company$/);
  const box = page.getByRole('textbox', { name: 'New post' });
  await expect(box).toHaveValue('Happy birthday, @Priya Sharma! Wishing you health, joy and a wonderful year ahead.');
  await expect(box).toBeFocused();
  await box.pressSequentially(' See you at the cake!');
  await shot(page, 'birthdays-congratulate-composer-light');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(box).toHaveValue('');
  const post = page.getByRole('article').filter({ hasText: 'See you at the cake!' }).first();
  await expect(post).toContainText('Happy birthday,');
  await expect(post.getByRole('link', { name: '@Priya Sharma' })).toHaveAttribute('href', /\/profile\/[0-9a-f-]{36}$/);
  await shot(page, 'birthdays-congratulated-wall-light');
  // The wall's widget offers the same for today's anniversary.
  const widget = page.getByRole('complementary', { name: 'Highlights' });
  const lukas = widget.getByRole('button', { name: 'Congratulate Lukas Schmidt' });
  await lukas.scrollIntoViewIfNeeded();
  await expect(widget.getByText('8 years at the company', { exact: false })).toBeVisible();
  await shot(page, 'birthdays-widget-light');
  await lukas.click();
  await expect(box).toHaveValue('Congratulations on 8 years with us, @Lukas Schmidt! Thank you for everything you do.');
  await darkTheme(page);
  await page.goto('/birthdays');
  await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
  await shot(page, 'birthdays-today-desktop-dark');
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
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Subscribers' })).toBeVisible();
    await shot(page, 'profile-phone-light');
    await page.goto('/birthdays/');
    await expect(page.getByRole('heading', { name: 'Birthdays', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Congratulate Priya Sharma' })).toBeVisible();
    await shot(page, 'birthdays-phone-light');
    await darkTheme(page);
    await shot(page, 'birthdays-phone-dark');
    await page.goto('/addressBook/');
    await expect(page.getByTestId('person-row').first()).toBeVisible();
    await shot(page, 'address-book-phone-dark');
    await page.getByTestId('person-row').first().getByRole('link').nth(1).click();
    await expect(page.getByRole('tab', { name: 'Subscribers' })).toBeVisible();
    await shot(page, 'profile-phone-dark');
    // One's own profile on a phone: the page, then its edit mode.
    await openOwnProfile(page);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await expect(page.getByRole('textbox', { name: 'Status' })).toBeVisible();
    await shot(page, 'profile-edit-phone-dark');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Light theme' }).click();
  });
});
