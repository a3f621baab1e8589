import { analytics } from '../analytics/texts.ru';
import { tests } from '../tests/texts.ru';
import { courses } from './courses.ru';
import type { en } from './en';

export const ru: typeof en = { courses, tests, analytics };
