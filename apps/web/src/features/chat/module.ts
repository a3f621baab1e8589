import { IconMessages } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

// Its own pattern, not the shared package's `isUuid`: the module registry is in the sign-in page's first bundle,
// which the shared package (with zod) would push past its budget.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The chat (modules §2 "/chat", "/chat/:_id"; §3 Chat; §7 "Chat"): rooms and conversations in two panes, the
 * header's unread count, and "write a message" on profiles and in the address book.
 */
export default defineWebModule({
  name: 'chat',
  features: ['chat'],
  uses: ['wall'],
  routes: [
    { path: 'chat', load: () => import('./ChatPage') },
    {
      path: 'chat/:_id',
      load: () => import('./ChatPage'),
      prefetch: async (params, client) => {
        const id = params._id?.toLowerCase() ?? '';
        if (!UUID.test(id)) return;
        const { chatQueries } = await import('./queries');
        await Promise.all([
          client.prefetchQuery(chatQueries.room(id)),
          client.prefetchInfiniteQuery(chatQueries.history(id)),
        ]);
      },
    },
  ],
  menu: [{ code: 'chat', to: () => '/chat', icon: IconMessages, feature: 'chat', right: 'chat', activeOn: ['/chat/'] }],
  headerItems: [{ key: 'chat', order: 10, feature: 'chat', right: 'chat', load: () => import('./HeaderButton') }],
  personActions: [{ key: 'chat', order: 10, feature: 'chat', right: 'chat', load: () => import('./DirectButton') }],
  texts: { namespace: 'chat', load: async (lang) => (await import('./texts')).chatTexts[lang] },
  a11yPages,
});
