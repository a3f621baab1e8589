// Isolation-suite fixtures of ideas and violation reports: in workspace A an administrator names the recipients of
// both kinds, an employee sends an idea and an anonymous report (with the follow-up code kept for the follow-up
// calls), and the recipient answers both, so every table of the module has a row of A.
import type { Harness } from '../../test/harness.js';
import {
  type FixtureWorkspace,
  multipartFile,
  registerBody,
  registerObject,
  registerRead,
} from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

interface Made {
  idea: string;
  report: string;
  code: string;
}
const made = new Map<string, Promise<Made>>();

async function make(h: Harness, a: FixtureWorkspace): Promise<Made> {
  await as(h, a.admin.token, 'PUT', '/api/ideas/recipients', { ids: [a.admin.id] });
  await as(h, a.admin.token, 'PUT', '/api/reports/recipients', { ids: [a.admin.id] });
  const idea = await as(h, a.employee.token, 'POST', '/api/user/send_idea', {
    title: `Quiet hours ${a.mark}`,
    description: `No meetings on Wednesdays ${a.mark}`,
  });
  const { item, code } = await as(h, a.employee.token, 'POST', '/api/user/send_viol_report', {
    anonymous: true,
    description: `The storeroom keys are copied ${a.mark}`,
  });
  await as(h, a.admin.token, 'POST', `/api/ideas/${idea._id}/messages`, { text: `We like it ${a.mark}` });
  await as(h, a.admin.token, 'POST', `/api/reports/${item._id}/messages`, { text: `Which one ${a.mark}?` });
  return { idea: idea._id, report: item._id, code };
}

const world = (h: Harness, a: FixtureWorkspace) => {
  if (!made.has(a.id)) made.set(a.id, make(h, a));
  return made.get(a.id)!;
};

registerObject('feedback_idea', async (h, a) => (await world(h, a)).idea);
registerObject('feedback_report', async (h, a) => (await world(h, a)).report);
registerObject('report_code', async (h, a) => (await world(h, a)).code);

registerBody('POST /api/user/send_idea', () => ({ title: 'Planted', description: 'Planted idea' }));
registerBody('POST /api/user/send_viol_report', () => ({ anonymous: true, description: 'Planted report' }));
registerBody('POST /api/reports/attachments', () => multipartFile('note.txt', 'text/plain', Buffer.from('a note')));
registerBody('POST /api/reports/follow', ({ objects }) => ({ code: objects.report_code }));
registerBody('POST /api/reports/follow/messages', ({ objects }) => ({ code: objects.report_code, text: 'More' }));
for (const kind of ['ideas', 'reports']) {
  registerBody(`PUT /api/${kind}/:id/status`, () => ({ status: 'review' }));
  registerBody(`POST /api/${kind}/:id/messages`, () => ({ text: 'Planted reply' }));
}
registerRead('POST /api/reports/follow', 'an anonymous report and its thread, by its code');
