// Slack: an incoming webhook (a person's own before the workspace's) posts the entry as text.

// Slack reads `<…>` as links and mentions and `&` as entities in `text`; its formatting rules say to escape these.
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An entry as Slack shows it: its lines and its link, escaped. */
export const slackPayload = (lines: string[], url: string) => ({
  text: [...lines.map(slackEscape), `<${url}|${slackEscape(url)}>`].join('\n'),
});
