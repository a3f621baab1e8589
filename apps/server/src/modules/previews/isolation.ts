// Isolation-suite fixture of link previews: the path of a public group of A, whose card the other workspace must
// not get (the path is a marker: an answer holding it leaks).

import { registerObject } from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

registerObject('preview_path', async (h, a) => {
  const group = await as(h, a.admin.token, 'POST', '/api/group/', {
    name: 'Previewed of A',
    description: 'A group whose card only A may see',
    type: 'public',
  });
  return `/group/${group._id}`;
});
