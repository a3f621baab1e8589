import type { AudienceGrantDto } from '@hallway/shared';
import type { ServiceDto, ServiceFieldDto, ServiceType } from '@hallway/shared/services';
import type { FieldInput, ServiceInput, StepInput } from './api';
import { type DraftField, localId, newField, optionsOf } from './FieldsEditor';

/** A step as the designer holds it: `_id` once the server has it. */
export interface DraftStep {
  id: string;
  _id?: string;
  name: string;
  review: boolean;
  people: string[];
  chief: boolean;
  departments: string[];
  fields: DraftField[];
}
export interface Draft {
  name: string;
  description: string;
  group: string | null;
  type: ServiceType;
  department_id: string | null;
  days_limit: number | '';
  for_all: boolean;
  grants: AudienceGrantDto[];
  owners: string[];
  active: boolean;
  fields: DraftField[];
  steps: DraftStep[];
}

export const newStep = (): DraftStep => ({
  id: localId(),
  name: '',
  review: false,
  people: [],
  chief: false,
  departments: [],
  fields: [],
});

export const emptyDraft = (group: string | null = null): Draft => ({
  name: '',
  description: '',
  group,
  type: 'simple',
  department_id: null,
  days_limit: '',
  for_all: true,
  grants: [],
  owners: [],
  active: true,
  fields: [newField()],
  steps: [newStep()],
});

const fromField = (field: ServiceFieldDto): DraftField => ({
  id: localId(),
  key: field.key,
  name: field.name,
  type: field.type,
  required: field.required,
  options: field.options.join('\n'),
});

/** A service as the designer edits it. */
export function draftOf(service: ServiceDto): Draft {
  return {
    name: service.name,
    description: service.description,
    group: service.group?._id ?? null,
    type: service.type,
    department_id: service.department?._id ?? null,
    days_limit: service.days_limit ?? '',
    for_all: service.for_all,
    grants: service.grants,
    owners: service.owners.map((owner) => owner._id),
    active: service.active,
    fields: service.fields.map(fromField),
    steps: service.steps.map((step) => ({
      id: localId(),
      _id: step._id,
      name: step.name,
      review: step.review,
      people: step.performers.flatMap((p) => (p.kind === 'person' && p.user ? [p.user._id] : [])),
      chief: step.performers.some((p) => p.kind === 'chief'),
      departments: step.performers.flatMap((p) =>
        p.kind === 'department_head' && p.department ? [p.department._id] : [],
      ),
      fields: step.fields.map(fromField),
    })),
  };
}

export const performersOf = (step: DraftStep) => step.people.length + step.departments.length + (step.chief ? 1 : 0);

export const fieldInput = (field: DraftField): FieldInput => ({
  ...(field.key ? { key: field.key } : {}),
  name: field.name.trim(),
  type: field.type,
  required: field.required,
  options: field.type === 'select' ? optionsOf(field) : [],
});

export const stepInput = (step: DraftStep, type: ServiceType): StepInput => ({
  name: step.name.trim(),
  review: type === 'multi' && step.review,
  people: step.people,
  chief: step.chief,
  departments: step.departments,
  fields: type === 'multi' ? step.fields.map(fieldInput) : [],
});

/** The body of `POST api/bp` (a simple service keeps its first step only). */
export function serviceInput(draft: Draft, withOwners: boolean): ServiceInput {
  const steps = draft.type === 'simple' ? draft.steps.slice(0, 1) : draft.steps;
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    group: draft.group,
    type: draft.type,
    department_id: draft.department_id,
    days_limit: draft.days_limit === '' ? null : draft.days_limit,
    for_all: draft.for_all,
    grants: draft.for_all ? [] : draft.grants,
    ...(withOwners ? { owners: draft.owners } : {}),
    active: draft.active,
    fields: draft.fields.map(fieldInput),
    steps: steps.map((step) => stepInput(step, draft.type)),
  };
}
