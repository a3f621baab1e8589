// Isolation-suite fixtures of the mailings: workspace A's birthday mailing, its job name and its export to a mailing
// service (a stand-in on 127.0.0.1), which the other workspace must neither read, change, start, stop, run nor delete.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerBody, registerObject } from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

async function standInService() {
  const server = createServer((req, res) => {
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  server.listen(0, '127.0.0.1').unref();
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/import`;
}

registerObject('mailing', async (h, a) => {
  await as(h, a.admin.token, 'POST', '/api/mailing', {
    workspace: a.workspace,
    action: 'people_export',
    schedule: '0 3 * * *',
    target: { url: await standInService(), key: 'isolation-key' },
  });
  const created = await as(h, a.admin.token, 'POST', '/api/mailing', {
    workspace: a.workspace,
    action: 'birthday_greetings',
    schedule: '0 9 * * *',
  });
  return created._id as string;
});
registerObject('mailing_job', async (_h, a) => `${a.workspace}_birthday_greetings`);

registerBody('POST /api/mailing', ({ a }) => ({
  workspace: a.workspace,
  action: 'weekly_digest',
  schedule: '0 9 * * 1',
}));
registerBody('PUT /api/mailing/:id', () => ({ schedule: '30 8 * * *' }));
