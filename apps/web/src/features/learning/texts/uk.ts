import { analytics } from '../analytics/texts.uk';
import { tests } from '../tests/texts.uk';
import { courses } from './courses.uk';
import type { en } from './en';

export const uk: typeof en = { courses, tests, analytics };
