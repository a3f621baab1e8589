import { expect, openAs, PHONE, setTheme, shot, test } from './helpers';

test('a vacancy: published with a receiver, found by search, answered with a CV, and the receiver is told', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await openAs(browser, 'admin');
  const title = `Logistics cartographer ${Date.now() % 100_000}`;

  // The administrator publishes a vacancy from the list, Lukas receiving the responses.
  await admin.page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Vacancies' })
    .click();
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Vacancies' })).toBeVisible();
  await expect(admin.page.getByRole('article', { name: 'Senior backend developer' })).toBeVisible();
  await admin.page.getByRole('button', { name: 'New vacancy' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'New vacancy' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  // The salary range is checked as it is typed.
  await dialog.getByRole('textbox', { name: 'Salary from' }).fill('5400');
  await dialog.getByRole('textbox', { name: 'Salary to' }).fill('4200');
  await expect(dialog.getByText('The salary “from” cannot be above “to”')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Salary from' }).fill('4200');
  await dialog.getByRole('textbox', { name: 'Salary to' }).fill('5400');
  await expect(dialog.getByText('The salary “from” cannot be above “to”')).toBeHidden();
  const body = dialog.getByRole('textbox', { name: 'Description' });
  await body.click();
  await body.pressSequentially('Map the routes of our twelve trucks and plan the loading with dispatch.');
  await dialog.getByRole('combobox', { name: 'Who receives responses' }).fill('Lukas');
  await admin.page.getByRole('option', { name: /Lukas Schmidt/ }).click();
  // A tag of its own, created from the picker.
  await dialog.getByRole('combobox', { name: 'Tag' }).fill('Logistics');
  await admin.page.getByRole('option', { name: 'Create tag “Logistics”' }).click();
  await expect(dialog.getByText('Logistics', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.page).toHaveURL(/\/vacancy\/[0-9a-f-]{36}$/);
  await expect(admin.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.page.getByText('4,200 – 5,400')).toBeVisible();
  await expect(admin.page.getByRole('region', { name: 'Responses go to' }).getByText('Lukas Schmidt')).toBeVisible();
  await expect(admin.page.getByRole('region', { name: 'Description' })).toContainText('twelve trucks');
  await expect(admin.page.locator('#main').getByText('Logistics', { exact: true })).toBeVisible();
  const vacancyUrl = admin.page.url();

  // Tom finds it by a word of its title and responds with his CV.
  const tom = await openAs(browser, 'tom');
  await tom.page.goto('/vacancies/');
  await tom.page.getByRole('searchbox', { name: 'Search vacancies' }).fill('cartographer');
  const card = tom.page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.locator('mark').first()).toHaveText(/cartographer/i);
  await expect(tom.page.getByRole('article', { name: 'Senior backend developer' })).toBeHidden();
  await card.getByRole('link', { name: title }).click();
  await expect(tom.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(tom.page.getByRole('button', { name: 'Edit' })).toBeHidden();
  await tom.page.getByRole('button', { name: 'Respond' }).click();
  const respond = tom.page.getByRole('dialog', { name: `Respond to “${title}”` });
  await respond.getByRole('textbox', { name: 'Message' }).fill('Five years of route planning at a regional carrier.');
  await respond.getByRole('button', { name: 'Send response' }).click();
  await expect(respond.getByText('Attach your CV')).toBeVisible();
  await respond.getByTestId('cv-input').setInputFiles({
    name: 'tom-becker-cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% Tom Becker, CV\n'),
  });
  await expect(respond.getByRole('list', { name: 'Attached files' }).getByText('tom-becker-cv.pdf')).toBeVisible();
  await shot(tom.page, 'vacancies-respond-desktop-light');
  await respond.getByRole('button', { name: 'Send response' }).click();
  await expect(respond.getByText('Your response was sent')).toBeVisible();
  await respond.getByRole('button', { name: 'Close' }).last().click();
  await tom.context.close();

  // Lukas, who receives the responses, finds Tom's in his notifications.
  const lukas = await openAs(browser, 'lukas');
  await lukas.page.goto('/notifications');
  await expect(
    lukas.page.getByTestId('notification-list').getByText(new RegExp(`Tom Becker responded to the vacancy «${title}»`)),
  ).toBeVisible();
  await lukas.context.close();

  // Screens: the list and the vacancy, light and dark, and on a phone.
  await admin.page.goto('/vacancies/');
  await expect(admin.page.getByRole('article', { name: title })).toBeVisible();
  await shot(admin.page, 'vacancies-list-desktop-light');
  await admin.page.goto(vacancyUrl);
  await expect(admin.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await shot(admin.page, 'vacancies-page-desktop-light');
  await setTheme(admin.page, 'dark');
  await shot(admin.page, 'vacancies-page-desktop-dark');
  await admin.page.goto('/vacancies/?q=shift');
  await expect(admin.page.getByRole('article', { name: 'Warehouse shift lead' })).toBeVisible();
  await shot(admin.page, 'vacancies-list-desktop-dark');
  await setTheme(admin.page, 'light');
  await admin.page.setViewportSize(PHONE);
  await admin.page.goto('/vacancies/');
  await expect(admin.page.getByRole('article', { name: title })).toBeVisible();
  await shot(admin.page, 'vacancies-list-phone-light');
  await admin.page.goto(vacancyUrl);
  await expect(admin.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await shot(admin.page, 'vacancies-page-phone-light');
  // The wall's widget lists the newest vacancy and leads to it.
  await admin.page.setViewportSize({ width: 1280, height: 860 });
  await admin.page.goto('/company');
  await admin.page.getByRole('link', { name: title }).click();
  await expect(admin.page).toHaveURL(vacancyUrl);
  await admin.context.close();
});
