import { IconChartDots, IconSchool } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/**
 * Learning (portal §2 learning routes; modules §2 all courses, my courses, my learning, course content and
 * participants, lesson, test taking, learning analytics): courses with lessons and tests, members with due dates,
 * progress and certificates, and the analytics of the LMS administrators.
 */
export default defineWebModule({
  name: 'learning',
  features: ['lms'],
  routes: [
    { path: 'courses', load: () => import('./CoursesPage') },
    { path: 'courses/settings', load: () => import('./SettingsPage') },
    { path: 'courses/new', load: () => import('./CourseFormPage') },
    { path: 'courses/analytics', load: () => import('./analytics/AnalyticsPage') },
    { path: 'courses/analytics/:user_id', load: () => import('./analytics/AnalyticsPage') },
    { path: 'courses/:id', load: () => import('./CoursePage') },
    { path: 'courses/:id/lessons/new', load: () => import('./LessonPage') },
    { path: 'courses/:id/lessons/:lessonId', load: () => import('./LessonPage') },
    { path: 'courses/:id/tests/new', load: () => import('./tests/TestPage') },
    { path: 'courses/:id/tests/:testId', load: () => import('./tests/TestPage') },
  ],
  menu: [
    { code: 'courses', to: () => '/courses', icon: IconSchool, feature: 'lms', right: 'lms', activeOn: ['/courses'] },
    {
      code: 'courses_analytics',
      to: () => '/courses/analytics',
      icon: IconChartDots,
      feature: 'lms',
      right: 'lms',
      // The analytics are for managers: the administrators here; LMS administrators reach them from /courses.
      role: 'admin',
      activeOn: ['/courses/analytics'],
    },
  ],
  texts: { namespace: 'learning', load: async (lang) => (await import('./texts')).learningTexts[lang] },
  a11yPages,
});
