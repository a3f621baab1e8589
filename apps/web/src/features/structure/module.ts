import { IconSitemap } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/** The company structure (spec portal §2 "/structure_new"): four trees as a diagram or a tree. */
export default defineWebModule({
  name: 'structure',
  features: ['structure'],
  routes: [{ path: 'structure_new', load: () => import('./StructurePage') }],
  menu: [
    { code: 'structure', to: () => '/structure_new', icon: IconSitemap, feature: 'structure', right: 'structures' },
  ],
  texts: { namespace: 'structure', load: async (lang) => (await import('./texts')).structureTexts[lang] },
  a11yPages,
});
