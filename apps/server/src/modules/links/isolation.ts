// Isolation-suite fixtures of link blocks: a workspace's company block with one link (the suite makes one in B, then
// in A), which the other workspace must not read, fill or edit.

import { registerBody, registerObject, valueParams } from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

const linkOfBlock = new Map<string, string>();

registerObject('links_block', async (h, ws) => {
  const block = await as(h, ws.admin.token, 'PUT', '/api/links_block/toggle', { client_id: ws.id, module: 'company' });
  const filled = await as(h, ws.admin.token, 'POST', `/api/links_block/${block._id}/link`, {
    title: `Handbook ${ws.mark}`,
    link: `https://a.example/${ws.mark}`,
  });
  linkOfBlock.set(ws.id, filled.links[0]._id);
  return block._id as string;
});
registerObject('link', async (_h, ws) => linkOfBlock.get(ws.id)!);
valueParams.links_module = 'company';

// Toggling twice leaves the block on for the calls after it.
registerBody('PUT /api/links_block/toggle', ({ a }) => ({ client_id: a.id, module: 'company', enabled: true }));
registerBody('POST /api/links_block/:block_id/link', () => ({ title: 'Phishing', link: 'https://evil.example' }));
registerBody('PUT /api/links_block/:block_id/link', ({ objects }) => ({
  _id: objects.link,
  title: 'Phishing',
  link: 'https://evil.example',
}));
