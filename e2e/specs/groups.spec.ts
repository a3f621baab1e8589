import type { Page } from '@playwright/test';
import { expect, openAs, PHONE, setTheme, shot, signInFresh, test } from './helpers';

const card = (page: Page, name: string) => page.getByRole('article', { name });

test('a closed group: created, asked to join, approved, and its post reaches the new member’s feed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const anna = await openAs(browser, 'anna');
  const tom = await openAs(browser, 'tom');
  const name = `Climbers ${Date.now() % 100_000}`;

  // Anna creates a closed group from the directory; the type starts public, and each type says what it means.
  await anna.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Groups' }).click();
  await expect(anna.page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await anna.page.getByRole('button', { name: 'New group' }).click();
  const dialog = anna.page.getByRole('dialog', { name: 'New group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Bouldering on Thursdays after work, all levels.');
  await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveValue('Public');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await expect(anna.page.getByRole('option', { name: 'Closed' })).toContainText('approval or an invitation');
  await anna.page.getByRole('option', { name: 'Closed' }).click();
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(anna.page).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
  await expect(anna.page.getByRole('heading', { level: 1, name })).toBeVisible();
  const groupUrl = anna.page.url();

  // Tom finds it among all groups and asks to join.
  await tom.page.goto('/groups/?tab=all');
  await tom.page.getByRole('textbox', { name: 'Search groups' }).fill(name);
  await expect(card(tom.page, name)).toBeVisible();
  await expect(card(tom.page, name).getByText('Closed')).toBeVisible();
  await card(tom.page, name).getByRole('button', { name: 'Ask to join' }).click();
  await expect(card(tom.page, name).getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await tom.page.getByRole('tab', { name: /Requests/ }).click();
  await expect(tom.page.getByRole('region', { name: 'Your requests' }).getByText(name)).toBeVisible();

  // Anna approves the request on the group's requests tab.
  await anna.page.goto(`${groupUrl}?tab=requests`);
  const requests = anna.page.getByRole('region', { name: 'Requests to join' });
  await expect(requests.getByText('Tom Becker')).toBeVisible();
  await requests.getByRole('button', { name: 'Approve' }).click();
  await expect(requests.getByText('No requests waiting')).toBeVisible();
  await anna.page.getByRole('tab', { name: 'Members' }).click();
  await expect(anna.page.getByRole('listitem', { name: 'Tom Becker' })).toContainText('Member');
  // The members tab invites too, with the same form as the requests tab.
  await anna.page.getByRole('button', { name: 'Invite people' }).click();
  const inviting = anna.page.getByRole('dialog', { name: 'Invite people' });
  await expect(inviting.getByRole('button', { name: 'Invite', exact: true })).toBeDisabled();
  await anna.page.keyboard.press('Escape');
  await expect(inviting).toBeHidden();

  // Tom, now a member, has the group's wall open when Anna posts: it arrives live.
  await tom.page.goto(groupUrl);
  await expect(tom.page.getByRole('textbox', { name: 'New post' })).toBeVisible();
  await anna.page.getByRole('tab', { name: 'Wall' }).click();
  const text = `First meet-up at the gym on Thursday ${Date.now()}`;
  await anna.page.getByRole('textbox', { name: 'New post' }).fill(text);
  await anna.page.getByRole('button', { name: 'Publish' }).click();
  await expect(anna.page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await expect(tom.page.getByRole('article').filter({ hasText: text })).toBeVisible();

  // And it is in Tom's own feed on the wall.
  await tom.page.goto('/company');
  await tom.page.getByRole('radiogroup', { name: 'Feed' }).getByText('My feed', { exact: true }).click();
  await expect(tom.page.getByTestId('feed-user').getByRole('article').filter({ hasText: text })).toBeVisible();

  // Screens: the directory and the group page, light and dark, and on a phone.
  await anna.page.goto('/groups/?tab=all');
  await expect(card(anna.page, name)).toBeVisible();
  await shot(anna.page, 'groups-directory-desktop-light');
  await anna.page.goto(groupUrl);
  await expect(anna.page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await shot(anna.page, 'groups-page-desktop-light');
  await setTheme(anna.page, 'dark');
  await shot(anna.page, 'groups-page-desktop-dark');
  await anna.page.goto('/groups/?tab=all');
  await expect(card(anna.page, name)).toBeVisible();
  await shot(anna.page, 'groups-directory-desktop-dark');
  await setTheme(anna.page, 'light');
  await anna.page.setViewportSize(PHONE);
  await shot(anna.page, 'groups-directory-phone-light');
  await anna.page.goto(groupUrl);
  await expect(anna.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await shot(anna.page, 'groups-page-phone-light');

  await anna.context.close();
  await tom.context.close();
});

test('a group’s settings take an audience grant; a project shows its people and its wall, and says "project"', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInFresh(page, 'tom');
  // Tom owns the demo's Frontend guild: give the Design department read access with the grant editor.
  await page.goto('/groups/');
  await page.getByRole('article', { name: 'Frontend guild' }).getByRole('link', { name: 'Frontend guild' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const grants = page.getByRole('region', { name: 'Who may see the group' });
  await grants.getByRole('button', { name: 'Add a grant' }).click();
  const grant = grants.getByRole('group', { name: 'Grant 1' });
  await grant.getByRole('combobox', { name: 'Who' }).click();
  await page.getByRole('option', { name: 'By department' }).click();
  await grant.getByRole('combobox', { name: 'Departments' }).fill('Design');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await grants.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Who may see the group' }).getByText('Design')).toBeVisible();
  await shot(page, 'groups-settings-desktop-light');

  await page.goto('/groups/?tab=projects');
  await page.getByRole('link', { name: 'Mobile app 2.0' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile app 2.0' })).toBeVisible();
  const people = page.getByRole('region', { name: 'Participants' });
  await expect(people.getByText('Daniel')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Kick-off notes' })).toBeVisible();
  // A project's page says "project", never "group" (Tom leads it: he posts and manages its people).
  await expect(page.getByText('Project participants will see it')).toBeVisible();
  await expect(people.getByRole('button', { name: /^Remove from project: / }).first()).toBeVisible();
  await expect(page.locator('#main')).not.toContainText(/\bgroups?\b/i);
  await shot(page, 'groups-project-desktop-light');
  await page.setViewportSize(PHONE);
  await shot(page, 'groups-project-phone-light');
});

test('a private group the person is not in is not found, like an unknown one', async ({ page }) => {
  await signInFresh(page, 'tom');
  await page.goto('/group/01a1fe5d-0000-7000-8000-00000000dead');
  await expect(page.getByRole('heading', { level: 1, name: 'Group not found' })).toBeVisible();
  await page.getByRole('link', { name: 'To groups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
});
