import type { Module } from '../../platform/http/module.js';
import { seedVacations } from './demo.js';
import { vacationsModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...vacationsModule,
  feature: { feature: 'vacations' },
  rights: ['vacations', 'vacations_edit'],
  messages: [
    'vacation_not_found',
    'vacation_start_past',
    'vacation_end_before_start',
    'vacation_no_days',
    'vacation_overlap',
    'vacation_over_balance',
    'edit_vac_error',
    'del_vac_error',
  ],
  tables,
  demo: seedVacations,
};
