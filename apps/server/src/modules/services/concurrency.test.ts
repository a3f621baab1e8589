// Performers deciding one step at the same moment: exactly one transition, every other attempt 409 with its code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('concurrency', () => {
  it('moves a request once when its five performers fire 20 decisions at one step together', async () => {
    const ws = await makeWorkspace(h);
    const performers: TestUser[] = [ws.admin];
    for (let i = 0; i < 4; i++)
      performers.push(await makeUser(h, ws.id, { firstName: `P${i}`, lastName: 'Performer' }));
    const group = (await call(h, ws.admin, 'POST', '/api/service_group', { name: 'IT' })).json().result._id;
    const service = await call(h, ws.admin, 'POST', '/api/bp', {
      name: 'Access card',
      description: 'A card for the office doors',
      group,
      type: 'multi',
      steps: [
        { name: 'Security', people: performers.map((p) => p.id) },
        { name: 'Reception', people: [ws.admin.id] },
      ],
    });
    expect(service.statusCode, service.body).toBe(200);

    for (const mixed of [false, true]) {
      const bp = (await call(h, ws.employee, 'POST', '/api/bp/start', { tmpl: service.json().result._id })).json()
        .result;
      const step = bp.steps[1]._id;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(h, performers[i % performers.length], 'POST', `/api/bp/${bp._id}/pass_step`, {
            step_id: step,
            ...(mixed && i % 2 ? { decision: 'decline', reason: `No ${i}` } : { decision: 'accept' }),
          }),
        ),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const r of answers.filter((a) => a.statusCode === 409)) {
        expect(['service_step_passed', 'service_request_finished']).toContain(r.json().code);
      }

      const { rows: history } = await h.platform.database.query(
        `SELECT action FROM service_request_history WHERE request_id = $1 AND step_id = $2 AND action <> 'rejected'`,
        [bp._id, step],
      );
      expect(history).toHaveLength(1);
      const { rows: steps } = await h.platform.database.query(
        'SELECT position, status, decided_by FROM service_request_steps WHERE request_id = $1 ORDER BY position',
        [bp._id],
      );
      const winner = answers.find((a) => a.statusCode === 200)!.json().result;
      if (winner.status === 'rejected') {
        expect(steps.map((s) => s.status)).toEqual(['done', 'declined', 'skipped']);
      } else {
        expect(winner.status).toBe('active');
        expect(steps.map((s) => s.status)).toEqual(['done', 'done', 'active']);
      }
      expect(performers.map((p) => p.id)).toContain(steps[1].decided_by);
      const { rows: told } = await h.platform.database.query(
        `SELECT count(*)::int AS n FROM notification_events WHERE client_id = $1
           AND code IN ('services.progress', 'services.rejected') AND link = $2`,
        [ws.id, `/service/${bp._id}`],
      );
      expect(told[0].n).toBe(1);
    }
  });
});
