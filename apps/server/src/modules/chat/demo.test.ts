import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEE_LOGIN, seedDemo } from '../../bootstrap/demo.js';
import { call, createHarness, type Harness } from '../../test/harness.js';

const DEMO_PASSWORD = 'demo-test-pass';
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DEMO_PASSWORD });
  await seedDemo(h.platform, pino({ level: 'silent' }));
});
afterAll(() => h.close());

describe('the demo workspace chat', () => {
  it('shows the demo employee a group room and a direct conversation with messages', async () => {
    const login = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
    const anna = { token: login.json().token as string };
    const { rows } = await h.platform.database.query('SELECT client_id FROM users WHERE login = $1', [
      DEMO_EMPLOYEE_LOGIN,
    ]);
    const clientId = (rows[0] as { client_id: string }).client_id;
    const rooms = await call(h, anna, 'GET', `/api/chat/rooms/${clientId}`);
    expect(rooms.statusCode, rooms.body).toBe(200);
    const list = rooms.json().result;
    expect(list.map((r: { type: string }) => r.type).sort()).toEqual(['direct', 'group']);
    for (const room of list) {
      expect(room.last_message).not.toBeNull();
      const page = (await call(h, anna, 'GET', `/api/chat/room/${room._id}/msgs`)).json();
      expect(page.result.length).toBeGreaterThan(3);
    }
  });
});
