import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace, type TestWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let serial = 0;
const newcomer = () => {
  const tag = `${Date.now().toString(36)}${serial++}`;
  return { firstName: 'Ines', lastName: 'Invited', email: `ines.${tag}@example.test` };
};

const mailsTo = async (email: string) => {
  const { rows } = await h.platform.database.query(
    'SELECT subject, text, client_id FROM outbox WHERE "to" = $1 ORDER BY created DESC',
    [email],
  );
  return rows as { subject: string; text: string; client_id: string | null }[];
};
const tokenIn = (text: string) => /reset-password\/([A-Za-z0-9_-]+)\?invite=1/.exec(text)![1];

const setPassword = (token: string, password: string) =>
  call(h, null, 'POST', `/api/reset_password/${token}`, { password, confirmation: password });

const statusIn = async (ws: TestWorkspace, email: string) => {
  const res = await call(h, ws.admin, 'POST', `/api/user/filter/${ws.workspace}`, { search: email });
  return (res.json().result as { email: string; status: string }[]).find((one) => one.email === email)?.status;
};

describe('POST /api/user/invite', () => {
  it('creates the person without a password, shows them as invited and mails a link to set their own', async () => {
    const ws = await makeWorkspace(h);
    const body = { ...newcomer(), position: 'Designer' };
    const res = await call(h, ws.admin, 'POST', '/api/user/invite', body);
    expect(res.statusCode).toBe(200);
    const person = res.json().result;
    expect(person).toMatchObject({
      email: body.email,
      login: body.email,
      firstName: 'Ines',
      position: 'Designer',
      client_id: ws.id,
      status: 'invited',
    });
    expect(await statusIn(ws, body.email)).toBe('invited');

    const [mail] = await mailsTo(body.email);
    expect(mail.client_id).toBe(ws.id);
    expect(mail.subject).toBe(`You are invited to Company ${ws.workspace} on Hallway`);
    expect(mail.text).toContain('Ada Admin invited you');
    expect(mail.text).toContain(`http://hallway.test/reset-password/`);
    // No password yet: nobody signs in as the newcomer, whatever they type.
    const login = await call(h, null, 'POST', '/api/login', { login: body.email, password: '' });
    expect(login.statusCode).toBe(400);
  });

  it('lets the link set the password once; the person is then active and signs in', async () => {
    const ws = await makeWorkspace(h);
    const body = newcomer();
    await call(h, ws.admin, 'POST', '/api/user/invite', body);
    const token = tokenIn((await mailsTo(body.email))[0].text);
    expect((await call(h, null, 'GET', `/api/reset_password/${token}`)).statusCode).toBe(200);
    expect((await setPassword(token, 'my-own-pass-1')).statusCode).toBe(200);
    expect(await statusIn(ws, body.email)).toBe('active');
    const login = await call(h, null, 'POST', '/api/login', { login: body.email, password: 'my-own-pass-1' });
    expect(login.statusCode).toBe(200);

    const again = await setPassword(token, 'hijack-pass-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('reset_link_invalid');
    expect((await call(h, null, 'GET', `/api/reset_password/${token}`)).json().code).toBe('reset_link_invalid');
    // Active now: there is no invitation to send again.
    const resend = await call(h, ws.admin, 'POST', `/api/user/invite/${login.json()._id}`);
    expect(resend.statusCode).toBe(400);
    expect(resend.json().code).toBe('not_invited');
  });

  it('refuses an expired link, and a new invitation replaces it', async () => {
    const ws = await makeWorkspace(h);
    const body = newcomer();
    const { _id } = (await call(h, ws.admin, 'POST', '/api/user/invite', body)).json().result;
    const first = tokenIn((await mailsTo(body.email))[0].text);
    // Valid for seven days, not the hour of a reset link.
    const { rows } = await h.platform.database.query(
      "SELECT expires_at > now() + interval '6 days' AS long FROM password_resets WHERE user_id = $1",
      [_id],
    );
    expect(rows).toEqual([{ long: true }]);
    await h.platform.database.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1",
      [_id],
    );
    const late = await setPassword(first, 'too-late-pass-1');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('reset_link_invalid');

    const resend = await call(h, ws.admin, 'POST', `/api/user/invite/${_id}`);
    expect(resend.statusCode).toBe(200);
    expect(resend.json().result.status).toBe('invited');
    const mails = await mailsTo(body.email);
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails[0].text);
    expect(second).not.toBe(first);
    expect((await setPassword(second, 'in-time-pass-1')).statusCode).toBe(200);
  });

  it('keeps only the newest link live when the invitation is sent again', async () => {
    const ws = await makeWorkspace(h);
    const body = newcomer();
    const { _id } = (await call(h, ws.admin, 'POST', '/api/user/invite', body)).json().result;
    const first = tokenIn((await mailsTo(body.email))[0].text);
    await call(h, ws.admin, 'POST', `/api/user/invite/${_id}`);
    expect((await setPassword(first, 'first-link-pass')).json().code).toBe('reset_link_invalid');
  });

  it('refuses an e-mail someone already has, in any letter case', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    for (const email of [ws.employee.email, other.employee.email.toUpperCase()]) {
      const res = await call(h, ws.admin, 'POST', '/api/user/invite', { ...newcomer(), email });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'email_taken', fields: { email: 'email_taken' } });
    }
    const body = newcomer();
    expect((await call(h, ws.admin, 'POST', '/api/user/invite', body)).statusCode).toBe(200);
    const twice = await call(h, ws.admin, 'POST', '/api/user/invite', body);
    expect(twice.json().code).toBe('email_taken');
    expect(await mailsTo(body.email)).toHaveLength(1);
  });

  it('checks the name and the e-mail', async () => {
    const ws = await makeWorkspace(h);
    const bad = await call(h, ws.admin, 'POST', '/api/user/invite', { firstName: '', lastName: 'X', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ firstName: 'required', email: 'email_invalid' });
    const noMail = await call(h, ws.admin, 'POST', '/api/user/invite', { firstName: 'A', lastName: 'B' });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().fields.email).toBeTruthy();
  });

  it('is for administrators of the person’s own workspace only', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const body = newcomer();
    const employee = await call(h, ws.employee, 'POST', '/api/user/invite', body);
    expect(employee.statusCode).toBe(403);
    expect(await mailsTo(body.email)).toHaveLength(0);

    const { _id } = (await call(h, ws.admin, 'POST', '/api/user/invite', body)).json().result;
    const foreign = await call(h, other.admin, 'POST', `/api/user/invite/${_id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(body.email);
    expect((await call(h, ws.employee, 'POST', `/api/user/invite/${_id}`)).statusCode).toBe(403);
    expect(await mailsTo(body.email)).toHaveLength(1);
    // The other workspace's list does not show the newcomer either.
    expect(await statusIn(other, body.email)).toBeUndefined();
  });
});
