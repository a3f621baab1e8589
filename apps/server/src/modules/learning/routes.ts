// Modules §7 "Learning" and the calls docs/api.md "Learning" adds (courses, lessons, tests, finishing a test, the
// certificate, the analytics workbook). Courses, lessons, members and progress are in course-routes.ts; tests,
// their questions, attempts and the analytics in test-routes.ts.
import type { ModuleRoutes } from '../../platform/http/module.js';
import { courseRoutes } from './course-routes.js';
import { testRoutes } from './test-routes.js';

export const learningModule: ModuleRoutes = {
  name: 'learning',
  async routes(app, platform) {
    courseRoutes(app, platform);
    testRoutes(app, platform);
  },
};
