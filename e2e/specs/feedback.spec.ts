import type { BrowserContext } from '@playwright/test';
import { expect, MOOD_LATER, openAs, PHONE, setTheme, shot, test } from './helpers';

/** This context's people meet the mood meter as anyone arriving does (the other specs have put it off). */
const meetTheMeter = (context: BrowserContext) =>
  context.addInitScript((key) => localStorage.removeItem(key), MOOD_LATER.key);

test('the mood meter asks on arrival; administrators read the statistics without names', async ({ browser }) => {
  test.setTimeout(240_000);
  // Tom arrives: the meter asks how he is, he picks a face and adds a word.
  const tom = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  await meetTheMeter(tom);
  const page = await tom.newPage();
  await page.goto('/login/');
  await page.getByRole('textbox', { name: 'Login or e-mail' }).fill('tom');
  await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const meter = page.getByRole('dialog', { name: 'How are you today?' });
  await expect(meter).toBeVisible();
  // Sending without a face says what is missing.
  await meter.getByRole('button', { name: 'Send' }).click();
  await expect(meter.getByText('Pick a face first')).toBeVisible();
  await shot(page, 'mood-meter-desktop-light');
  await meter.getByRole('radio', { name: '8 of 10' }).check();
  await meter.getByRole('textbox', { name: 'Anything to add? (optional)' }).fill('Good pairing session this morning');
  await meter.getByRole('button', { name: 'Send' }).click();
  await expect(meter).toBeHidden();
  await expect(page.getByText('Thank you! See you tomorrow.')).toBeVisible();
  await expect(page.getByTestId('mood-button')).toHaveCount(0);
  await tom.close();

  // Yuki, on a phone, puts it off: it closes and waits in the header.
  const yuki = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  await meetTheMeter(yuki);
  const phone = await yuki.newPage();
  await phone.goto('/login/');
  await phone.getByRole('textbox', { name: 'Login or e-mail' }).fill('yuki');
  await phone.getByRole('textbox', { name: 'Password' }).fill('demo1234');
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  const small = phone.getByRole('dialog', { name: 'How are you today?' });
  await expect(small).toBeVisible();
  await shot(phone, 'mood-meter-phone-light');
  await small.getByRole('button', { name: 'Not now' }).click();
  await expect(small).toBeHidden();
  await phone.getByTestId('mood-button').click();
  await expect(small).toBeVisible();
  await yuki.close();

  // The administrator reads the employees' "mood statistics": figures, charts, departments; nobody's name.
  const admin = await openAs(browser, 'admin');
  await admin.page.goto('/employees/');
  await admin.page.getByRole('tab', { name: 'Mood statistics' }).click();
  await expect(admin.page.getByTestId('mood-average')).toBeVisible();
  await expect(admin.page.getByRole('heading', { name: 'By department' })).toBeVisible();
  await expect(admin.page.getByRole('cell', { name: 'Engineering' })).toBeVisible();
  await expect(admin.page.getByText('Good pairing session this morning')).toBeVisible();
  await expect(admin.page.getByRole('tabpanel', { name: 'Mood statistics' })).not.toContainText('Tom Becker');
  await shot(admin.page, 'mood-stats-desktop-light');
  await admin.page
    .locator('label')
    .filter({ hasText: /^Two weeks$/ })
    .click();
  await expect(admin.page.getByRole('radio', { name: 'Two weeks' })).toBeChecked();
  await setTheme(admin.page, 'dark');
  await expect(admin.page.getByTestId('mood-average')).toBeVisible();
  await shot(admin.page, 'mood-stats-desktop-dark');
  await admin.page.setViewportSize(PHONE);
  await shot(admin.page, 'mood-stats-phone-dark');
  await admin.context.close();
});

test('an idea goes to its recipient, who answers; the author follows it', async ({ browser }) => {
  test.setTimeout(240_000);
  const lukas = await openAs(browser, 'lukas');
  await lukas.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Ideas' }).click();
  await expect(lukas.page.getByRole('heading', { level: 1, name: 'Ideas' })).toBeVisible();
  // Each field is required: the form says so before anything is sent.
  await lukas.page.getByRole('button', { name: 'Send the idea' }).click();
  await expect(lukas.page.getByText('Give the idea a title')).toBeVisible();
  await expect(lukas.page.getByText('Describe the idea')).toBeVisible();
  await lukas.page.getByRole('textbox', { name: 'Title' }).fill('Pet-friendly Fridays');
  await lukas.page
    .getByRole('textbox', { name: 'Description' })
    .fill('Let people bring a calm dog on Fridays; a sign-up sheet keeps it to three dogs a floor.');
  await shot(lukas.page, 'idea-form-desktop-light');
  await lukas.page.getByRole('button', { name: 'Send the idea' }).click();
  await expect(lukas.page.getByRole('tab', { name: 'My ideas', selected: true })).toBeVisible();
  await expect(lukas.page.getByRole('button', { name: /Open «Pet-friendly Fridays»/ })).toBeVisible();
  await shot(lukas.page, 'idea-mine-desktop-light');

  // Hannah receives ideas: her inbox has it; she moves it under review and replies.
  const hannah = await openAs(browser, 'hannah');
  await hannah.page.goto('/idea?tab=inbox');
  await hannah.page.getByRole('button', { name: /Open «Pet-friendly Fridays»/ }).click();
  const drawer = hannah.page.getByRole('dialog', { name: 'Ideas' });
  await expect(drawer.getByText('three dogs a floor')).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Status' }).click();
  await hannah.page.getByRole('option', { name: 'Under review' }).click();
  await drawer.getByRole('textbox', { name: 'Your message' }).fill('Love it. Checking with the landlord first.');
  await drawer.getByRole('button', { name: 'Send' }).click();
  await expect(drawer.getByText('Love it. Checking with the landlord first.')).toBeVisible();
  await shot(hannah.page, 'idea-thread-desktop-light');
  await hannah.context.close();

  // Lukas sees the new status and the reply.
  await lukas.page.reload();
  const mine = lukas.page.getByRole('button', { name: /Open «Pet-friendly Fridays»/ });
  await expect(mine.getByText('Under review')).toBeVisible();
  await mine.click();
  await expect(lukas.page.getByRole('dialog', { name: 'Ideas' }).getByText('Checking with the landlord')).toBeVisible();
  await lukas.context.close();
});

test('an anonymous report: no name anywhere, a code to follow it, the recipient answers', async ({ browser }) => {
  test.setTimeout(240_000);
  const priya = await openAs(browser, 'priya', PHONE);
  await priya.page.goto('/report_violation');
  await expect(priya.page.getByRole('heading', { level: 1, name: 'Report a violation' })).toBeVisible();
  await expect(priya.page.getByText('Nothing links the report to you')).toBeVisible();
  await priya.page.getByRole('button', { name: 'Send the report' }).click();
  await expect(priya.page.getByText('Describe in detail what happened')).toBeVisible();
  await priya.page
    .getByRole('textbox', { name: 'What happened' })
    .fill('Customer data is exported to personal laptops every Friday, against the data policy.');
  await shot(priya.page, 'report-form-phone-light');
  await priya.page.getByRole('button', { name: 'Send the report' }).click();
  const codeDialog = priya.page.getByRole('dialog', { name: 'Keep this code' });
  await expect(codeDialog).toBeVisible();
  const code = (await codeDialog.getByTestId('report-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
  await shot(priya.page, 'report-code-phone-light');
  await codeDialog.getByRole('button', { name: 'I have saved it' }).click();

  // Hannah's inbox: the report, anonymous; she asks a question.
  const hannah = await openAs(browser, 'hannah');
  await hannah.page.goto('/report_violation?tab=inbox');
  const report = hannah.page.getByRole('button', { name: /Open «Customer data is exported/ });
  await expect(report.getByText('Anonymous')).toBeVisible();
  await expect(report.getByText('Priya')).toHaveCount(0);
  await report.click();
  const drawer = hannah.page.getByRole('dialog', { name: 'Report a violation' });
  await drawer.getByRole('textbox', { name: 'Your message' }).fill('Thank you. Which team does this?');
  await drawer.getByRole('button', { name: 'Send' }).click();
  await expect(drawer.getByText('Which team does this?')).toBeVisible();
  await shot(hannah.page, 'report-thread-desktop-light');
  await hannah.page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await setTheme(hannah.page, 'dark');
  await report.click();
  await expect(drawer.getByText('Which team does this?')).toBeVisible();
  await shot(hannah.page, 'report-thread-desktop-dark');
  await hannah.context.close();

  // Priya follows it with the code alone and answers, still anonymous.
  await priya.page.getByRole('tab', { name: 'Follow with a code' }).click();
  await priya.page.getByRole('textbox', { name: 'Follow-up code' }).fill(code.toLowerCase());
  await priya.page.getByRole('button', { name: 'Open', exact: true }).click();
  const thread = priya.page.getByTestId('feedback-thread');
  await expect(thread.getByText('Which team does this?')).toBeVisible();
  await thread.getByRole('textbox', { name: 'Your message' }).fill('The reporting team, on the 4th floor.');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText('The reporting team, on the 4th floor.')).toBeVisible();
  await shot(priya.page, 'report-follow-phone-light');
  await priya.context.close();
});
