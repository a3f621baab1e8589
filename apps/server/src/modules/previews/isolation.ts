// Isolation-suite fixture of link previews: the path of a public group of A, whose card the other workspace must
// not get (the path is a marker: an answer holding it leaks).

import { registerObject } from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

registerObject('preview_path', async (h, a) => {
  const group = await as(h, a.admin.token, 'POST', '/api/group/', {
    name: `Previewed ${a.mark}`,
    description: `A group whose card only its workspace may see ${a.mark}`,
    type: 'public',
  });
  return `/group/${group._id}`;
});
