import { defineWebModule } from '../../app/webModule';

/**
 * The mood meter (portal §2 "mood meter", §4 step 6; modules §7 "Mood"): the meter asks once a day from the header,
 * and the employees page gets the "mood statistics" tab.
 */
export default defineWebModule({
  name: 'mood',
  features: ['mood'],
  texts: { namespace: 'mood', load: async (lang) => (await import('./texts')).moodTexts[lang] },
  headerItems: [{ key: 'mood', order: 5, feature: 'mood', load: () => import('./MoodMeter') }],
  employeesTabs: [
    {
      key: 'mood',
      order: 30,
      feature: 'mood',
      role: 'admin',
      label: 'stats.tab',
      load: async () => ({ default: (await import('./MoodStatsTab')).MoodStatsTab }),
    },
  ],
});
