import type { Module } from '../../platform/http/module.js';
import { seedStructure } from './demo.js';
import { structureModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...structureModule,
  feature: { feature: 'structure' },
  rights: ['structures'],
  messages: [
    'department_not_found',
    'structure_move_cycle',
    'structure_root_locked',
    'structure_root_delete',
    'structure_has_employees',
    'structure_parent_other_tree',
    'head_not_member',
    'loading_struct_hrm_error',
    'inn_unknown',
    'chief_unknown',
  ],
  tables,
  demo: seedStructure,
};
