import { analytics } from '../analytics/texts.en';
import { tests } from '../tests/texts.en';
import { courses } from './courses.en';

export const en = { courses, tests, analytics };
