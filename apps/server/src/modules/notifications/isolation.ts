// Isolation-suite fixtures of the notifications: an entry in the employee's centre of workspace A and settings
// (the workspace's and the person's), which the other workspace must never reach.
import { registerBody, registerObject, registerRead, valueParams } from '../../test/isolation/registry.js';
import { delivery } from './deliver.js';

let eventOfA = '';
let deliveryOfA = '';
registerObject('notification', async (h, a) => {
  const as = async (token: string, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    if (res.statusCode !== 200) throw new Error(`notifications fixture: ${url} answered ${res.statusCode} ${res.body}`);
    return res.json().result;
  };
  const sent = await as(a.admin.token, 'POST', '/api/message', { recipients: [a.employee.id], text: `Note ${a.mark}` });
  // The isolation harness runs without jobs: the fan-out runs here, as its job would.
  await delivery.deliver(h.platform, a.id, sent._id);
  await as(a.admin.token, 'PUT', '/api/user/notifications', {
    client_id: a.id,
    notifications: [{ name: 'posts.mention', channel: ['center'] }],
  });
  await as(a.employee.token, 'PUT', '/api/user/notifications', {
    notifications: [
      { name: 'posts.mention', channel: [] },
      { name: 'notifications.message', channel: ['center', 'slack'] },
    ],
  });
  // Messenger channels of A: the workspace's webhooks, the employee's own, and a delivery that failed.
  await as(a.admin.token, 'PUT', '/api/notification_channels', {
    slack_url: `https://hooks.slack.example/services/${a.mark}`,
    teams_url: `https://teams.example/webhook/${a.mark}`,
  });
  await as(a.employee.token, 'PUT', '/api/user/messengers', { slack_url: `https://hooks.slack.example/own-${a.mark}` });
  // A bot token written here rather than through the route, which would tell api.telegram.org about it.
  await h.platform.database.query(
    'UPDATE messenger_settings SET telegram_token = $2, telegram_secret = $3 WHERE client_id = $1',
    [a.id, `1:bot-${a.mark}`, `telegram-secret-${a.mark}`],
  );
  const slackNote = await as(a.admin.token, 'POST', '/api/message', {
    recipients: [a.employee.id],
    text: `Slack note ${a.mark}`,
  });
  await delivery.deliver(h.platform, a.id, slackNote._id);
  const failed = await h.platform.database.query(
    `UPDATE notification_deliveries SET status = 'failed', attempts = 3, error = $2 WHERE client_id = $1 RETURNING id`,
    [a.id, `HTTP 500: failure ${a.mark}`],
  );
  deliveryOfA = (failed.rows[0] as { id: string }).id;
  eventOfA = sent._id;
  const { rows } = await h.platform.database.query('SELECT id FROM notifications WHERE event_id = $1', [sent._id]);
  return (rows[0] as { id: string }).id;
});
// Registered after `notification`, whose fixture sends it.
registerObject('notification_event', async () => eventOfA);
registerObject('notification_delivery', async () => deliveryOfA);
registerBody('PUT /api/notification_channels', () => ({ slack_url: 'https://hooks.slack.example/hijacked' }));
registerBody('PUT /api/user/messengers', ({ a }) => ({ user_id: a.employee.id, slack_url: 'https://evil.example/h' }));
// Values rather than objects: they are not markers of workspace A.
valueParams.notification_section = 'all';
valueParams.notification_time = 'now';

registerBody('PUT /api/notification', ({ objects }) => ({ _id: objects.notification_event }));
registerBody('PUT /api/notification/read', ({ objects }) => ({ ids: [objects.notification] }));
registerBody('PUT /api/user/notifications', ({ a }) => ({ user_id: a.employee.id, notifications: [] }));
registerBody('POST /api/message', ({ a }) => ({ recipients: [a.employee.id], text: 'hi' }));
registerBody('POST /api/notification', ({ a }) => ({ title: 'hi', recipients: [a.employee.id] }));
registerBody('POST /api/mail_check/test', () => ({}));

// A template of workspace A, which the other workspace must neither read, change nor delete.
registerObject('notif_template', async (h, a) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/notif_template',
    headers: { authorization: `Bearer ${a.admin.token}` },
    payload: { code: 'users.follower', lang: 'en', title: `Template ${a.mark} {actor}` },
  });
  if (res.statusCode !== 200) throw new Error(`notifications fixture: template answered ${res.statusCode} ${res.body}`);
  return res.json().result._id;
});
valueParams.notification_code = 'users.follower';
const templateBody = () => ({ code: 'users.follower', lang: 'en', title: 'hijacked {actor}' });
registerBody('POST /api/notif_template', () => ({ code: '__', lang: 'ru', title: 'x' }));
registerBody('PUT /api/notif_template/:id', templateBody);
registerBody('POST /api/notif_template/preview', templateBody);
registerRead('POST /api/notif_template/preview', 'a template rendered with sample values');
