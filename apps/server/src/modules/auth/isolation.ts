// Isolation-suite fixtures of signing in: a password reset of A's employee (its link row and its e-mail).
import { askResetLink, call } from '../../test/harness.js';
import { registerBody, registerObject } from '../../test/isolation/registry.js';

registerObject('password_reset', async (h, a) => {
  const res = await askResetLink(h, a.employee.email);
  if (res.statusCode !== 200) throw new Error(`password reset fixture: ${res.statusCode} ${res.body}`);
  return a.employee.id;
});

registerBody('POST /api/reset_password_hard', ({ a }) => ({ user_id: a.employee.id, password: 'hijacked-1' }));
let registered = 0;
registerBody('POST /api/register', ({ a }) => ({
  firstName: 'New',
  lastName: 'Colleague',
  email: `new-${process.pid}-${registered++}@example.test`,
  password: 'secret123',
  chief: a.admin.id,
}));
let invited = 0;
// A fresh e-mail on every send (the getter runs as the body is serialised): the suite sends the one body as the
// other workspace's people first, whose invitation would otherwise take the address before A's admin tries it.
registerBody('POST /api/user/invite', () => ({
  firstName: 'Invited',
  lastName: 'Colleague',
  get email() {
    return `invited-${process.pid}-${invited++}@example.test`;
  },
}));
/** Someone of A invited by e-mail who has not set a password yet (their invitation row and its e-mail). */
registerObject('invited_user', async (h, a) => {
  const res = await call(h, a.admin, 'POST', '/api/user/invite', {
    firstName: 'Pending',
    lastName: a.mark,
    email: `pending-${process.pid}-${invited++}@example.test`,
  });
  if (res.statusCode !== 200) throw new Error(`invitation fixture: ${res.statusCode} ${res.body}`);
  return res.json().result._id;
});
registerBody('POST /api/register_many', () => ({
  users: [{ firstName: 'Iso', lastName: 'Lation', email: `iso-${Date.now()}@example.test`, password: 'secret123' }],
}));
