import type { Page } from '@playwright/test';
import { apiToken, expect, openAs, PHONE, setTheme, shot, test } from './helpers';

const history = (page: Page) => page.getByTestId('chat-history');
/** A message by its own text (not the quote of a reply to it). */
const message = (page: Page, text: string) =>
  history(page)
    .getByTestId('chat-msg')
    .filter({ has: page.locator('.hw-chat-text', { hasText: text }) });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Opens a conversation from the list and waits until its channel is joined (new messages arrive live). */
async function openRoom(page: Page, name: string | RegExp) {
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name }).first().click();
  await expect(history(page)).toHaveAttribute('data-live', 'true', { timeout: 60_000 });
}

test('a group conversation: unread in the header, messages, replies, mentions, reactions, edits and deletions live for the other member, seen', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const maria = await openAs(browser, 'admin');
  const anna = await openAs(browser, 'anna');
  const page = maria.page;
  // Anna writes a line first, so Maria has something unread on every try (a retry finds the demo's lines read).
  const { token } = await apiToken(anna.page.request, 'anna');
  const clientId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).client_id as string;
  const headers = { authorization: `Bearer ${token}` };
  const rooms = await anna.page.request.get(`/api/chat/rooms/${clientId}`, { headers });
  const coffee = ((await rooms.json()) as { result: { _id: string; name: string }[] }).result.find(
    (room) => room.name === 'Coffee corner',
  );
  const early = await anna.page.request.post('/api/chat/msg', {
    headers,
    data: { roomId: coffee?._id, msg: `Morning, everyone (${Date.now() % 100_000})` },
  });
  expect(early.ok(), await early.text()).toBeTruthy();
  await page.reload();

  // The header counts the unread lines; the button opens the chat.
  await expect(page.getByTestId('chat-button')).toHaveAccessibleName(/Chats, \d+ unread/);
  await page.getByTestId('chat-button').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Coffee corner, \d+ unread/ })).toBeVisible();
  await openRoom(page, /Coffee corner/);
  await expect(page.getByRole('separator').filter({ hasText: 'New messages' })).toBeVisible();
  await expect(message(page, 'Save me one')).toBeVisible();
  // Read to the end: the count goes.
  await expect(page.getByTestId('chat-button')).toHaveAccessibleName('Chats');
  await shot(page, 'chat-group-desktop-light');

  await anna.page.goto('/chat');
  await openRoom(anna.page, /Coffee corner/);

  // Maria writes, mentioning Anna: it shows for Anna at once, the mention highlighted.
  const stamp = `${Date.now() % 100_000}`;
  const hello = `Standup moved to 10:30 (${stamp})`;
  await page.getByRole('button', { name: 'Mention someone' }).click();
  await page.getByRole('menuitem', { name: 'Anna Kowalski' }).click();
  await composer(page).pressSequentially(hello);
  await composer(page).press('Enter');
  await expect(message(page, hello)).toBeVisible();
  await expect(message(anna.page, hello)).toBeVisible();
  await expect(message(anna.page, hello).locator('.hw-chat-mention')).toHaveText('@Anna Kowalski');

  // Anna types: Maria sees it; Anna answers with a reply; Maria's message becomes "seen".
  await composer(anna.page).pressSequentially('Works');
  await expect(page.getByTestId('chat-typing')).toHaveText('Anna Kowalski is typing…');
  await composer(anna.page).fill('');
  await message(anna.page, hello).hover();
  await message(anna.page, hello).getByRole('button', { name: 'Reply' }).click();
  await expect(anna.page.getByText('Replying to Maria Lopez')).toBeVisible();
  await composer(anna.page).fill(`Works for me ${stamp}`);
  await anna.page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = message(page, `Works for me ${stamp}`);
  await expect(answer).toBeVisible();
  await expect(answer.getByText('In reply to Maria Lopez')).toBeVisible();
  await expect(message(page, hello).getByRole('img', { name: 'Seen' })).toBeVisible();

  // Maria reacts to the answer, then edits and deletes her own message: Anna sees each.
  await answer.hover();
  await answer.getByRole('button', { name: 'React', exact: true }).click();
  await page.getByRole('button', { name: 'React with 👍' }).click();
  await expect(message(anna.page, `Works for me ${stamp}`).getByRole('button', { name: /👍 1/ })).toBeVisible();
  await message(page, hello).hover();
  await message(page, hello).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByText('Editing your message')).toBeVisible();
  await composer(page).fill(`Standup moved to 11:00 (${stamp})`);
  await composer(page).press('Enter');
  const edited = message(anna.page, `Standup moved to 11:00 (${stamp})`);
  await expect(edited).toBeVisible();
  await expect(edited.getByText('(edited)')).toBeVisible();
  await message(page, `11:00 (${stamp})`).hover();
  await message(page, `11:00 (${stamp})`).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Delete|Confirm/ })
    .click();
  await expect(message(anna.page, `11:00 (${stamp})`)).toHaveCount(0);
  await expect(history(anna.page).getByText('Message deleted').last()).toBeVisible();
  // Anna's message offers her no edit of Maria's words: only her own.
  await message(anna.page, `Works for me ${stamp}`).hover();
  await expect(message(anna.page, `Works for me ${stamp}`).getByRole('button', { name: 'Edit' })).toBeVisible();

  // Search within the room.
  await page.getByRole('button', { name: 'Search in this conversation' }).click();
  await page.getByRole('textbox', { name: 'Search in this conversation' }).fill('pies');
  await expect(page.getByRole('list', { name: 'Found messages' }).getByText(/somebody brought pies/)).toBeVisible();
  await page.getByRole('button', { name: 'Close the search' }).click();

  await setTheme(anna.page, 'dark');
  await shot(anna.page, 'chat-group-desktop-dark');
  // The theme is the person's setting: later specs find Anna as they expect her.
  await setTheme(anna.page, 'light');
  await maria.context.close();
  await anna.context.close();
});

test('a direct conversation from a profile with a picture, and the two screens of a phone', async ({ browser }) => {
  test.setTimeout(240_000);
  const maria = await openAs(browser, 'admin');
  const page = maria.page;
  const lukas = await openAs(browser, 'lukas', PHONE);

  // From Lukas's profile, "Write" opens (or makes) the direct conversation.
  await page.goto('/addressBook');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Lukas');
  await page.getByRole('button', { name: 'Write a message to Lukas Schmidt' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('chat-room-name')).toHaveText('Lukas Schmidt');
  await expect(history(page)).toHaveAttribute('data-live', 'true', { timeout: 60_000 });

  // A picture and a line: the picture shows inline.
  const picture = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: 'whiteboard.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByTestId('draft-attachments')).toBeVisible();
  const line = `The whiteboard from today ${Date.now() % 100_000}`;
  await composer(page).fill(line);
  await composer(page).press('Enter');
  await expect(message(page, line).getByRole('button', { name: /whiteboard\.png/ })).toBeVisible();
  await expect(message(page, line).getByText('Sending…')).toHaveCount(0);

  // Lukas on a phone: the list, then the conversation on a screen of its own, and back.
  const phone = lukas.page;
  await phone.goto('/chat');
  await expect(phone.getByRole('link', { name: /Maria Lopez/ })).toBeVisible();
  await shot(phone, 'chat-list-phone-light');
  await phone.getByRole('link', { name: /Maria Lopez/ }).click();
  await expect(message(phone, line)).toBeVisible();
  await expect(phone.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
  await setTheme(phone, 'dark');
  await shot(phone, 'chat-direct-phone-dark');
  await phone.getByRole('link', { name: 'Conversations' }).click();
  await expect(phone.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  await setTheme(phone, 'light');
  await maria.context.close();
  await lukas.context.close();
});
