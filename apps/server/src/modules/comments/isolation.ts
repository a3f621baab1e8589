// Isolation-suite fixtures of comments: a thread of workspace A under a post, with an answer and a reaction.

import { registerBody, registerObject } from '../../test/isolation/registry.js';
import { as, postOf } from '../posts/isolation.js';

registerObject('comment', async (h, a) => {
  const { _id } = await postOf(h, a);
  const comment = await as(h, a.employee.token, 'POST', '/api/comment', {
    parent: { type: 'post', id: _id },
    text: `A comment ${a.mark}`,
  });
  await as(h, a.admin.token, 'POST', '/api/comment', {
    parent: { type: 'comment', id: comment._id },
    text: `An answer ${a.mark}`,
  });
  await as(h, a.admin.token, 'POST', '/api/post/like', { like_type: 'comment', id: comment._id, reaction: 'like' });
  return comment._id as string;
});

registerBody('POST /api/comment', ({ a, objects }) => ({
  parent: { type: 'post', id: objects.post },
  text: `Stranger to @[Eve](user:${a.employee.id})`,
  mentions: [a.employee.id],
  attachments: [objects.file],
}));
registerBody('PUT /api/comment/:id', ({ a, objects }) => ({
  text: `Rewritten by a stranger for @[Eve](user:${a.employee.id})`,
  mentions: [a.employee.id],
  attachments: [objects.file],
}));
