// The portal's "ask the office" form (`POST api/user/send_service_req`) and where the workspace sends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace, type TestUser } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function upload(user: TestUser, name = 'photo.pdf') {
  const boundary = '----hallwayAsk';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload?purpose=attachment',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), Buffer.from('%PDF-1.4 x'), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0].file._id as string;
}

const ask = (who: TestUser, body: Record<string, unknown>) => call(h, who, 'POST', '/api/user/send_service_req', body);

describe('ask the office', () => {
  it('goes to the configured recipients by notification and e-mail, with its files', async () => {
    const ws = await makeWorkspace(h);
    const nobody = await ask(ws.employee, { text: 'The printer on floor 2 is out of toner' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().code).toBe('service_ask_no_recipients');
    const settings = await call(h, ws.employee, 'GET', `/api/service_settings/${ws.id}`);
    expect(settings.json().result).toEqual({ recipients: [], service: null, enabled: false, can: { edit: false } });
    expect(
      (await call(h, ws.employee, 'PUT', `/api/service_settings/${ws.id}`, { recipients: [ws.employee.id] }))
        .statusCode,
    ).toBe(403);

    const saved = await call(h, ws.admin, 'PUT', `/api/service_settings/${ws.id}`, { recipients: [ws.admin.id] });
    expect(saved.json().result).toMatchObject({
      recipients: [{ _id: ws.admin.id }],
      enabled: true,
      can: { edit: true },
    });
    expect((await call(h, ws.employee, 'GET', `/api/service_settings/${ws.id}`)).json().result).toMatchObject({
      recipients: [],
      enabled: true,
    });

    const photo = await upload(ws.employee);
    const sent = await ask(ws.employee, { text: 'The printer on floor 2 is out of toner', attachments: [photo] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ result: true, bp: null, files: [{ _id: photo, name: 'photo.pdf' }] });
    const { rows } = await h.platform.database.query(
      "SELECT recipients, vars, attachments FROM notification_events WHERE client_id = $1 AND code = 'services.ask'",
      [ws.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipients: { ids: [ws.admin.id] },
      vars: { text: 'The printer on floor 2 is out of toner', files: 'photo.pdf' },
    });
    expect(rows[0].attachments).toHaveLength(1);
  });

  it('refuses an empty text, another workspace’s file, and a stranger as recipient', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    await call(h, ws.admin, 'PUT', `/api/service_settings/${ws.id}`, { recipients: [ws.admin.id] });
    const empty = await ask(ws.employee, { text: '  ' });
    expect(empty.json()).toMatchObject({
      code: 'service_ask_text_required',
      fields: { text: 'service_ask_text_required' },
    });
    const theirs = await upload(other.employee);
    const foreign = await ask(ws.employee, { text: 'Look', attachments: [theirs] });
    expect(foreign.json()).toMatchObject({ code: 'service_field_file', fields: { attachments: 'service_field_file' } });
    const stranger = await call(h, ws.admin, 'PUT', `/api/service_settings/${ws.id}`, { recipients: [other.admin.id] });
    expect(stranger.json()).toMatchObject({ code: 'user_not_found', fields: { recipients: 'user_not_found' } });
    const { rows } = await h.platform.database.query(
      "SELECT count(*)::int AS n FROM notification_events WHERE client_id = $1 AND code = 'services.ask'",
      [ws.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('starts a request of the chosen simple service instead, the text in its text field and the files in its file field', async () => {
    const ws = await makeWorkspace(h);
    const group = (await call(h, ws.admin, 'POST', '/api/service_group', { name: 'Office' })).json().result._id;
    const make = async (extra: Record<string, unknown>) =>
      (
        await call(h, ws.admin, 'POST', '/api/bp', {
          name: 'Office help',
          description: 'Anything the office can do',
          group,
          steps: [{ name: 'Handling', people: [ws.admin.id] }],
          ...extra,
        })
      ).json().result;
    const unsuitable = await make({
      fields: [
        { key: 'room', name: 'Room', type: 'string', required: true },
        { key: 'n', name: 'N', type: 'number', required: true },
      ],
    });
    const refused = await call(h, ws.admin, 'PUT', `/api/service_settings/${ws.id}`, { service: unsuitable._id });
    expect(refused.json()).toMatchObject({
      code: 'service_ask_unsuitable',
      fields: { service: 'service_ask_unsuitable' },
    });
    const help = await make({
      fields: [
        { key: 'what', name: 'What do you need?', type: 'text', required: true },
        { key: 'files', name: 'Files', type: 'file' },
      ],
    });
    const saved = await call(h, ws.admin, 'PUT', `/api/service_settings/${ws.id}`, { service: help._id });
    expect(saved.json().result).toMatchObject({ service: { _id: help._id, name: 'Office help' }, enabled: true });
    const photo = await upload(ws.employee);
    const sent = await ask(ws.employee, { text: 'A new chair, please', attachments: [photo] });
    expect(sent.statusCode, sent.body).toBe(200);
    const bp = sent.json().bp;
    const request = (await call(h, ws.employee, 'GET', `/api/bp/${bp}`)).json().result;
    expect(request).toMatchObject({
      service: { _id: help._id },
      values: { what: 'A new chair, please', files: [photo] },
      step: { performers: [{ _id: ws.admin.id }] },
    });
  });
});
