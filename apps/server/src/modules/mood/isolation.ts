// Isolation-suite fixtures of the mood meter: A's employee rates today's mood, so every table of the module has a row
// of A (the settings too); the statistics are a list compared before and after A's rows exist.
import { registerBody, registerObject } from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

const done = new Set<string>();

registerObject('mood', async (h, a) => {
  if (!done.has(a.id)) {
    await as(h, a.employee.token, 'POST', '/api/mood', { mood: 3, comment: `Rainy day ${a.mark}` });
    await as(h, a.admin.token, 'PUT', '/api/mood/settings', { minAnswers: 1 });
    done.add(a.id);
  }
  return a.id;
});

registerBody('POST /api/mood', () => ({ mood: 7, comment: 'Planted' }));
registerBody('PUT /api/mood/settings', () => ({ minAnswers: 2 }));
