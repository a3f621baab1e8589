// Microsoft Teams: an incoming webhook (a person's own before the workspace's) posts an Adaptive Card.
import type { NotificationDto } from '@hallway/shared';

// Teams renders an Adaptive Card's TextBlock as Markdown (and reads `<at>` mentions): a name must stay text.
const markdownEscape = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|~>]/g, (c) => `\\${c}`).replace(/</g, '&lt;');

/**
 * The Adaptive Card (schema 1.4) a Teams incoming webhook (or Workflows) posts: the title in bold, the text, and an
 * "Open" button to the entry's page.
 */
export function teamsCard(entry: NotificationDto, url: string) {
  const body: Record<string, unknown>[] = [
    { type: 'TextBlock', text: markdownEscape(entry.title), weight: 'Bolder', size: 'Medium', wrap: true },
  ];
  if (entry.text) body.push({ type: 'TextBlock', text: markdownEscape(entry.text), wrap: true });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          fallbackText: [entry.title, entry.text, url].filter(Boolean).join('\n'),
          body,
          actions: [{ type: 'Action.OpenUrl', title: 'Open', url }],
        },
      },
    ],
  };
}
