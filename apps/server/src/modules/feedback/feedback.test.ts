import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  ok,
  type TestWorkspace,
} from '../../test/harness.js';
import { multipartFile } from '../../test/isolation/registry.js';

/** Every line the request log writes, at the most verbose level. */
const logLines: string[] = [];
const logger = pino(
  { level: 'trace' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { logger });
});
afterAll(() => h.close());

/** Rows as stored: ids and texts as strings, times as Dates. */
type Row = Record<string, string & Date>;
const db = (text: string, values: unknown[] = []) =>
  h.platform.database.query(text, values).then((r) => r.rows as Row[]);

async function upload(ws: TestWorkspace, url = '/api/upload') {
  const body = multipartFile('evidence.txt', 'text/plain', Buffer.from('what I saw'));
  const res = await h.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${ws.employee.token}`, ...body.headers },
    payload: body.payload,
  });
  return (await ok(res)).results[0] as { url: string; fileName: string; file: { _id: string } };
}

describe('ideas', () => {
  it('sends an idea to its recipients, who reply and move its status; the author follows it', async () => {
    const ws = await makeWorkspace(h);
    const hr = await makeUser(h, ws.id, { firstName: 'Hanna', lastName: 'Hr' });
    await ok(await call(h, ws.admin, 'PUT', '/api/ideas/recipients', { ids: [hr.id] }));
    const file = await upload(ws);
    const sent = await ok(
      await call(h, ws.employee, 'POST', '/api/user/send_idea', {
        title: ' Quiet hours ',
        description: 'No meetings on Wednesday mornings',
        attachments: [{ url: file.url, fileName: file.fileName }],
      }),
    );
    expect(sent.result).toMatchObject({
      kind: 'idea',
      title: 'Quiet hours',
      status: 'new',
      anonymous: false,
      author_name: 'Eve Employee',
      attachments: [{ _id: file.file._id }],
    });
    const id = sent.result._id;
    const [event] = await db(
      `SELECT recipients, actor_id, vars FROM notification_events WHERE code = 'feedback.idea' AND client_id = $1`,
      [ws.id],
    );
    expect(event).toMatchObject({ recipients: { ids: [hr.id] }, actor_id: ws.employee.id });

    // The recipient's inbox; the administrator is no recipient once some are set.
    const inbox = await ok(await call(h, hr, 'GET', '/api/ideas/inbox'));
    expect(inbox).toMatchObject({ total: 1, can: { inbox: true, recipients: false } });
    expect(inbox.items[0].can).toEqual({ status: true, reply: true });
    expect((await call(h, ws.admin, 'GET', '/api/ideas/inbox')).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', '/api/ideas/inbox')).statusCode).toBe(403);

    await ok(await call(h, hr, 'PUT', `/api/ideas/${id}/status`, { status: 'review' }));
    const replied = await ok(await call(h, hr, 'POST', `/api/ideas/${id}/messages`, { text: 'We like it' }));
    expect(replied.result.thread).toMatchObject([{ from: 'recipient', text: 'We like it', person: { _id: hr.id } }]);
    const answered = await ok(await call(h, ws.employee, 'POST', `/api/ideas/${id}/messages`, { text: 'Thanks!' }));
    expect(answered.result.thread.map((m: { from: string }) => m.from)).toEqual(['recipient', 'author']);
    const codes = await db(`SELECT code FROM notification_events WHERE client_id = $1 ORDER BY created`, [ws.id]);
    expect(codes.map((c) => c.code)).toEqual(['feedback.idea', 'feedback.status', 'feedback.reply', 'feedback.reply']);

    const mine = await ok(await call(h, ws.employee, 'GET', '/api/ideas/mine'));
    expect(mine.items).toMatchObject([{ _id: id, status: 'review', messages: 2, can: { status: false, reply: true } }]);
    // The author cannot move the status; a status of the other kind is refused.
    expect((await call(h, ws.employee, 'PUT', `/api/ideas/${id}/status`, { status: 'accepted' })).statusCode).toBe(403);
    const wrong = await call(h, hr, 'PUT', `/api/ideas/${id}/status`, { status: 'resolved' });
    expect(wrong.json().code).toBe('feedback_status_invalid');
    // Another colleague reads nothing of it.
    const other = await makeUser(h, ws.id);
    expect((await call(h, other, 'GET', `/api/ideas/${id}`)).statusCode).toBe(404);
    expect((await call(h, other, 'POST', `/api/ideas/${id}/messages`, { text: 'me too' })).statusCode).toBe(404);
    expect((await ok(await call(h, other, 'GET', '/api/ideas/mine'))).items).toEqual([]);
  });

  it('numbers a thread’s messages in order under 20 concurrent replies', async () => {
    const ws = await makeWorkspace(h);
    const { _id: id } = (
      await ok(await call(h, ws.employee, 'POST', '/api/user/send_idea', { title: 'Busy', description: 'Thread' }))
    ).result;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(h, i % 2 ? ws.admin : ws.employee, 'POST', `/api/ideas/${id}/messages`, { text: `Message ${i}` }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await db('SELECT position FROM feedback_messages WHERE item_id = $1 ORDER BY position', [id]);
    expect(rows.map((r) => Number(r.position))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('requires every field; refuses a file of another workspace; nothing is stored', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ description: 'Something' }, { title: 'idea_title_required' }],
      [{ title: '  ', description: 'Something' }, { title: 'idea_title_required' }],
      [{ title: 'Idea' }, { description: 'idea_description_required' }],
      [{ title: 'Idea', description: '' }, { description: 'idea_description_required' }],
    ];
    for (const [body, fields] of cases) {
      const res = await call(h, ws.employee, 'POST', '/api/user/send_idea', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    const foreign = await upload(other);
    const res = await call(h, ws.employee, 'POST', '/api/user/send_idea', {
      title: 'Idea',
      description: 'With a foreign file',
      attachments: [{ url: foreign.url, fileName: 'x' }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('file_not_found');
    expect(await db('SELECT id FROM feedback_items WHERE client_id = $1', [ws.id])).toEqual([]);
    // Without the right, nothing is sent.
    const denied = await makeUser(h, ws.id, { rights: { ideas: false } });
    expect((await call(h, denied, 'POST', '/api/user/send_idea', { title: 'a', description: 'b' })).statusCode).toBe(
      403,
    );
  });

  it('goes to the administrators while no recipient is set', async () => {
    const ws = await makeWorkspace(h);
    const recipients = await ok(await call(h, ws.employee, 'GET', '/api/ideas/recipients'));
    expect(recipients.result).toMatchObject({ fallback: true, people: [{ _id: ws.admin.id }] });
    await ok(await call(h, ws.employee, 'POST', '/api/user/send_idea', { title: 'a', description: 'b' }));
    expect((await ok(await call(h, ws.admin, 'GET', '/api/ideas/inbox'))).total).toBe(1);
    expect((await call(h, ws.employee, 'PUT', '/api/ideas/recipients', { ids: [ws.employee.id] })).statusCode).toBe(
      403,
    );
  });
});

describe('violation reports', () => {
  it('refuses a report neither signed nor anonymous, and one without a description', async () => {
    const ws = await makeWorkspace(h);
    const unsigned = await call(h, ws.employee, 'POST', '/api/user/send_viol_report', { description: 'Something bad' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('report_author_required');
    const blank = await call(h, ws.employee, 'POST', '/api/user/send_viol_report', {
      anonymous: false,
      author_name: '   ',
      description: 'Something bad',
    });
    expect(blank.json().code).toBe('report_author_required');
    const empty = await call(h, ws.employee, 'POST', '/api/user/send_viol_report', {
      anonymous: true,
      description: ' ',
    });
    expect(empty.json().fields).toEqual({ description: 'report_description_required' });
    expect(await db('SELECT id FROM feedback_items WHERE client_id = $1', [ws.id])).toEqual([]);
  });

  it('a signed report is its author’s to follow, under the name they gave', async () => {
    const ws = await makeWorkspace(h);
    const sent = await ok(
      await call(h, ws.employee, 'POST', '/api/user/send_viol_report', {
        author_name: 'Eve E.',
        description: 'The fire exit is blocked',
      }),
    );
    expect(sent.result).toMatchObject({ code: null, item: { anonymous: false, author_name: 'Eve E.' } });
    expect((await ok(await call(h, ws.employee, 'GET', '/api/reports/mine'))).total).toBe(1);
    const inbox = await ok(await call(h, ws.admin, 'GET', '/api/reports/inbox'));
    expect(inbox.items[0]).toMatchObject({ author_name: 'Eve E.', author: { _id: ws.employee.id } });
  });

  it('anonymous means anonymous: no user id, address or time in the rows, nothing in the log; a code follows it', async () => {
    const ws = await makeWorkspace(h);
    const file = await upload(ws, '/api/reports/attachments');
    const secret = 'The storeroom keys are copied and handed out: secret-body-marker';
    logLines.length = 0;
    const sent = await ok(
      await call(h, ws.employee, 'POST', '/api/user/send_viol_report', {
        anonymous: true,
        author_name: 'Eve Employee',
        description: secret,
        attachments: [{ url: file.url, fileName: file.fileName }],
      }),
    );
    const code: string = sent.result.code;
    expect(code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    expect(sent.result.item).toMatchObject({ anonymous: true, author: null, author_name: '' });
    expect(sent.result.item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const [row] = await db('SELECT * FROM feedback_items WHERE client_id = $1', [ws.id]);
    expect(row).toMatchObject({ author_id: null, author_name: '', anonymous: true });
    const created = new Date(row.created);
    expect(
      created.getUTCHours() + created.getUTCMinutes() + created.getUTCSeconds() + created.getUTCMilliseconds(),
    ).toBe(0);
    // A random (v4) id: a time-ordered one would date the report.
    expect(row.id[14]).toBe('4');
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ws.employee.id);
    expect(JSON.stringify(row)).not.toContain(code);
    // The attachment's upload row has no uploader and only the day.
    const [upload_] = await db('SELECT id, owner_id, created FROM files WHERE id = $1', [file.file._id]);
    expect(upload_.owner_id).toBeNull();
    expect(new Date(upload_.created).getUTCHours() + new Date(upload_.created).getUTCMinutes()).toBe(0);
    expect(upload_.id[14]).toBe('4');
    // Its notification names no actor, and leads to the inbox rather than the report (its moment stays untied).
    const events = await db(
      `SELECT actor_id, vars, link FROM notification_events WHERE code = 'feedback.report' AND client_id = $1`,
      [ws.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0].actor_id).toBeNull();
    expect(events[0].link).toBe('/report_violation?tab=inbox');
    expect(JSON.stringify(events[0].vars)).not.toContain('Eve');

    // The recipient replies; the author reads it with the code alone and answers; still no trace of them.
    const id = row.id;
    await ok(await call(h, ws.admin, 'POST', `/api/reports/${id}/messages`, { text: 'Which storeroom?' }));
    const followed = await ok(await call(h, ws.employee, 'POST', '/api/reports/follow', { code: code.toLowerCase() }));
    expect(followed.result).toMatchObject({
      _id: id,
      description: secret,
      thread: [{ from: 'recipient', text: 'Which storeroom?' }],
    });
    const answered = await ok(
      await call(h, ws.employee, 'POST', '/api/reports/follow/messages', { code, text: 'The one on floor 2' }),
    );
    expect(answered.result.thread).toMatchObject([
      { from: 'recipient' },
      { from: 'author', person: null, text: 'The one on floor 2' },
    ]);
    expect(answered.result.thread[1].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const messages = await db('SELECT author_id, created FROM feedback_messages WHERE item_id = $1 ORDER BY position', [
      id,
    ]);
    expect(messages[1].author_id).toBeNull();
    expect(new Date(messages[1].created).getUTCHours()).toBe(0);
    const replies = await db(
      `SELECT actor_id FROM notification_events WHERE code = 'feedback.reply' AND client_id = $1 ORDER BY created`,
      [ws.id],
    );
    // The recipient's reply tells nobody (an anonymous author has no account to tell); the author's answer, actorless.
    expect(replies.map((r) => r.actor_id)).toEqual([null]);
    // Nothing of the author's calls reached the log; the recipient's call, logged as every call is, proves it listens.
    const log = logLines.join('');
    expect(log).toContain(`/api/reports/${id}/messages`);
    for (const trace of [
      secret,
      ws.employee.id,
      ws.employee.login,
      code,
      'send_viol_report',
      '/api/reports/follow',
      '/api/reports/attachments',
    ]) {
      expect(log).not.toContain(trace);
    }
    // The recipients see it without an author; nobody else of the workspace reads it but by its code.
    const inbox = await ok(await call(h, ws.admin, 'GET', '/api/reports/inbox'));
    expect(inbox.items[0]).toMatchObject({ anonymous: true, author: null, author_name: '' });
    expect((await ok(await call(h, ws.employee, 'GET', '/api/reports/mine'))).items).toEqual([]);
    expect((await call(h, ws.employee, 'GET', `/api/reports/${id}`)).statusCode).toBe(404);
  });

  it('an unknown code or another workspace’s code finds nothing', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const { code } = (
      await ok(
        await call(h, other.employee, 'POST', '/api/user/send_viol_report', { anonymous: true, description: 'x' }),
      )
    ).result;
    for (const tried of [code, 'AAAAA-BBBBB-CCCCC-DDDDD']) {
      const res = await call(h, ws.employee, 'POST', '/api/reports/follow', { code: tried });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('report_code_unknown');
    }
    expect((await call(h, ws.employee, 'POST', '/api/reports/follow', { code: 'short' })).statusCode).toBe(400);
  });
});
