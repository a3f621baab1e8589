import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import { delivery } from './deliver.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const create = (ws: TestWorkspace, body: object) => call(h, ws.admin, 'POST', '/api/notif_template', body);

async function message(ws: TestWorkspace, from: { token: string }, to: string, text: string) {
  const res = await call(h, from, 'POST', '/api/message', { recipients: [to], text });
  expect(res.statusCode, res.body).toBe(200);
  await delivery.deliver(h.platform, ws.id, res.json().result._id);
  return res.json().result._id as string;
}

describe('notification templates', () => {
  it("the workspace's template replaces the shipped one in the centre and the mail; variables stay plain text", async () => {
    const ws = await makeWorkspace(h);
    const mallory = await makeUser(h, ws.id, { firstName: '<img src=x onerror=alert(1)>', lastName: '**Bold**' });
    const saved = await create(ws, {
      code: 'notifications.message',
      lang: 'en',
      name: 'Direct message',
      title: 'Message from {actor}',
      short: '{text}',
      full: 'You have a message from {actor}:\n\n{text}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toMatchObject({ custom: true, variables: ['actor', 'title', 'text'] });

    const eventId = await message(ws, mallory, ws.employee.id, 'Hi <script>x</script>');
    const list = await call(h, ws.employee, 'GET', `/api/notification/${ws.id}/all/${ws.employee.id}/now`);
    expect(list.json().result[0]).toMatchObject({
      title: 'Message from <img src=x onerror=alert(1)> **Bold**',
      text: 'Hi <script>x</script>',
    });
    const mailed = new Promise((resolve) => delivery.events.once('mailed', resolve));
    await delivery.mailEvent(h.platform, ws.id, eventId);
    await mailed;
    const { rows } = await h.platform.database.query(
      'SELECT subject, text, html FROM outbox WHERE client_id = $1 AND "to" = $2',
      [ws.id, ws.employee.email],
    );
    const mail = rows[0] as { subject: string; text: string; html: string };
    expect(mail.subject).toBe('Message from <img src=x onerror=alert(1)> **Bold**');
    expect(mail.text).toContain('You have a message from');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Hi &lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script');

    // Deleted, the shipped template is back.
    const removed = await call(h, ws.admin, 'DELETE', `/api/notif_template/${saved.json().result._id}`);
    expect(removed.json().result).toMatchObject({ _id: null, custom: false, title: '{title}' });
    const again = await call(h, ws.employee, 'GET', `/api/notification/${ws.id}/all/${ws.employee.id}/now`);
    expect(again.json().result[0].title).toBe('<img src=x onerror=alert(1)> **Bold**');
  });

  it('lists, reads (with `__`), updates and previews with sample values', async () => {
    const ws = await makeWorkspace(h);
    const fallback = await call(h, ws.admin, 'GET', '/api/notif_template/__');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().result.map((t: { lang: string }) => t.lang)).toEqual(['ru', 'ua', 'en']);
    expect(fallback.json().result[2]).toMatchObject({ _id: null, title: 'New notification', custom: false });

    const saved = await create(ws, { code: 'users.follower', lang: 'ru', title: '{actor} теперь читает вас' });
    expect(saved.statusCode).toBe(200);
    const list = await call(h, ws.admin, 'GET', '/api/notif_template');
    expect(list.json().result).toContainEqual({ code: 'users.follower', custom: ['ru'] });
    expect(list.json().result).toContainEqual({ code: '__', custom: [] });
    const read = await call(h, ws.admin, 'GET', '/api/notif_template/users.follower');
    expect(read.json().result[0]).toMatchObject({ lang: 'ru', custom: true, title: '{actor} теперь читает вас' });

    const updated = await call(h, ws.admin, 'PUT', `/api/notif_template/${saved.json().result._id}`, {
      code: 'posts.mention',
      lang: 'en',
      name: 'Follower',
      title: 'Новый читатель: {actor}',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // The code and language stay what they were.
    expect(updated.json().result).toMatchObject({ code: 'users.follower', lang: 'ru', name: 'Follower' });

    const preview = await call(h, ws.admin, 'POST', '/api/notif_template/preview', {
      code: 'posts.reaction',
      lang: 'en',
      title: '{actor} and {others} others',
      short: '{text}',
    });
    expect(preview.json().result).toEqual({
      title: 'Anna <b>Kowalski</b> and 4 others',
      short: 'Welcome to the team! **See you** at the [kick-off](https://example.test).',
      full: 'Welcome to the team! **See you** at the [kick-off](https://example.test).',
    });
  });

  it("uses a person's language, else the workspace's, for the workspace's template", async () => {
    const ws = await makeWorkspace(h);
    await h.platform.database.query(`UPDATE clients SET lang = 'ru' WHERE id = $1`, [ws.id]);
    const plain = await makeUser(h, ws.id, { lang: null });
    const english = await makeUser(h, ws.id, { lang: 'en' });
    await create(ws, { code: 'notifications.message', lang: 'ru', title: 'Сообщение: {text}' });
    for (const who of [plain, english]) await message(ws, ws.admin, who.id, 'Привет');
    const titleOf = async (who: typeof plain) =>
      (await call(h, who, 'GET', `/api/notification/${ws.id}/all/${who.id}/now`)).json().result[0].title;
    expect(await titleOf(plain)).toBe('Сообщение: Привет');
    expect(await titleOf(english)).toBe('Ada Admin');
  });

  it('refuses unknown codes and variables, a second template of a language, employees and other workspaces', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const unknown = await create(ws, { code: 'posts.nope', lang: 'en', title: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ code: 'notification_code_unknown' });
    expect((await call(h, ws.admin, 'GET', '/api/notif_template/posts.nope')).json().fields).toEqual({
      code: 'notification_code_unknown',
    });
    const variable = await create(ws, { code: 'users.follower', lang: 'en', title: 'Hi {actr}', full: '{text}' });
    expect(variable.statusCode).toBe(400);
    expect(variable.json().fields).toEqual({ title: 'template_variable_unknown', full: 'template_variable_unknown' });
    const lang = await create(ws, { code: 'users.follower', lang: 'de', title: 'x' });
    expect(lang.statusCode).toBe(400);
    expect(lang.json().fields).toHaveProperty('lang');
    expect((await create(ws, { code: 'users.follower', lang: 'en', title: '' })).json().fields).toEqual({
      title: 'required',
    });

    const first = await create(ws, { code: 'users.follower', lang: 'en', title: '{actor} follows' });
    expect(first.statusCode).toBe(200);
    const twice = await create(ws, { code: 'users.follower', lang: 'en', title: '{actor} follows' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('template_exists');

    expect((await call(h, ws.employee, 'GET', '/api/notif_template')).statusCode).toBe(403);
    expect((await create({ ...ws, admin: ws.employee }, { code: '__', lang: 'en', title: 'x' })).statusCode).toBe(403);
    const foreignId = first.json().result._id;
    const body = { code: 'users.follower', lang: 'en', title: 'hijacked' };
    expect((await call(h, other.admin, 'PUT', `/api/notif_template/${foreignId}`, body)).statusCode).toBe(404);
    expect((await call(h, other.admin, 'DELETE', `/api/notif_template/${foreignId}`)).statusCode).toBe(404);
    expect((await call(h, other.admin, 'GET', '/api/notif_template/users.follower')).json().result[2].custom).toBe(
      false,
    );
  });
});
