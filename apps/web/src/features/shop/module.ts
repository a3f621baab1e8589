import { IconShoppingBag } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/**
 * The shop (modules §2 "/shop/" with tabs shop, balance, achievements, statistics, settings): items bought with the
 * workspace's coins, achievements, balances and their history, the managers' rewards, hand-overs and statistics;
 * a person's achievements on their profile.
 */
export default defineWebModule({
  name: 'shop',
  features: ['shop'],
  routes: [
    { path: 'shop', load: () => import('./ShopPage') },
    { path: 'shop/:tab', load: () => import('./ShopPage') },
  ],
  menu: [
    { code: 'shop', to: () => '/shop/', icon: IconShoppingBag, feature: 'shop', right: 'shop', activeOn: ['/shop/'] },
  ],
  texts: { namespace: 'shop', load: async (lang) => (await import('./texts')).shopTexts[lang] },
  profileTabs: [
    {
      key: 'achievements',
      order: 40,
      mode: 'view',
      feature: 'shop',
      label: 'profile.tab',
      load: async () => ({ default: (await import('./PersonAchievements')).PersonAchievements }),
    },
  ],
  a11yPages,
});
