import { z } from 'zod';
import { LONG_TEXT_MAX, TEXT_MAX } from '../limits.js';
import { audienceGrantDto, audienceGrants } from './audience.js';
import { boundedDate, id } from './common.js';
import { storedFile } from './files.js';
import { commentDto, personCard } from './posts.js';

/**
 * Services: request forms and business processes (modules §3 "Business process (bp)", §4, §5 "Service", §7
 * "Business processes", §8, §9; portal `POST api/user/send_service_req`; docs/api.md "Services").
 *
 * A service (the spec's template, `tmpl`) belongs to a group, has a form (at most 10 fields) and steps (at most 5,
 * each with at most 5 performers and its own fields). A request (a running `bp`) is started from a service: its first
 * step is the request itself (done by the requester when it starts), then the service's steps, so every request has
 * at least 2 steps. Field keys are short keys the designer chooses (or the server gives), not uuids: they name parts
 * of one form, never an object of the workspace.
 */
export const SERVICE_TYPES = ['simple', 'multi'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_FIELD_TYPES = [
  'string',
  'text',
  'number',
  'date',
  'period',
  'select',
  'checkbox',
  'file',
  'department',
  'user',
  'users',
  'phone',
  'email',
] as const;
export type ServiceFieldType = (typeof SERVICE_FIELD_TYPES)[number];
/** Who performs a step: a named person, the requester's chief, or the head of a department (resolved at start). */
export const SERVICE_PERFORMER_KINDS = ['person', 'chief', 'department_head'] as const;
export type ServicePerformerKind = (typeof SERVICE_PERFORMER_KINDS)[number];
/** A performer's decision: accept or decline a step (a reason to decline), acknowledge a review step. */
export const SERVICE_DECISIONS = ['accept', 'decline', 'ack'] as const;
export type ServiceDecision = (typeof SERVICE_DECISIONS)[number];
export const SERVICE_REQUEST_STATUSES = ['active', 'success', 'rejected'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];
/** A step of a request: waiting for its turn, active (its performers decide), done, declined, or skipped after one. */
export const SERVICE_STEP_STATUSES = ['waiting', 'active', 'done', 'declined', 'skipped'] as const;
export type ServiceStepStatus = (typeof SERVICE_STEP_STATUSES)[number];
export const SERVICE_HISTORY_ACTIONS = [
  'created',
  'accepted',
  'declined',
  'acknowledged',
  'success',
  'rejected',
] as const;
export type ServiceHistoryAction = (typeof SERVICE_HISTORY_ACTIONS)[number];

/** Modules §5, §9: at most 5 steps, 10 fields, 5 performers a step; a field's name at most 50 characters. */
export const SERVICE_STEPS_MAX = 5;
export const SERVICE_FIELDS_MAX = 10;
export const SERVICE_PERFORMERS_MAX = 5;
export const SERVICE_FIELD_NAME_MAX = 50;
/** Where the spec is silent (docs/api.md "Services"). */
export const SERVICE_NAME_MAX = 200;
export const SERVICE_DESCRIPTION_MAX = LONG_TEXT_MAX;
export const SERVICE_GROUP_NAME_MAX = 100;
export const SERVICE_STEP_NAME_MAX = 100;
export const SERVICE_OPTIONS_MAX = 20;
export const SERVICE_OPTION_MAX = 100;
export const SERVICE_DAYS_LIMIT_MAX = 365;
export const SERVICE_OWNERS_MAX = 20;
/** Files of one file field, and files attached to a request beside its fields. */
export const SERVICE_FILES_MAX = 10;
/** People of one `users` field. */
export const SERVICE_USERS_MAX = 50;
export const SERVICE_STRING_MAX = TEXT_MAX;
export const SERVICE_TEXT_MAX = LONG_TEXT_MAX;
export const SERVICE_REASON_MAX = 2000;
export const SERVICE_TABLE_PAGE_SIZE = 50;
export const SERVICE_TABLE_PAGE_MAX = 100;
/** Rows of one xlsx export of a service's table. */
export const SERVICE_EXPORT_MAX = 10_000;
export const SERVICE_ASK_RECIPIENTS_MAX = 20;
export const SERVICE_ASK_TEXT_MAX = LONG_TEXT_MAX;
export const SERVICE_SEARCH_MAX = 100;

const key = z
  .string()
  .trim()
  .min(1, 'required')
  .max(64, 'too_long')
  .regex(/^[A-Za-z0-9_-]+$/, 'service_field_key_invalid');

// Names may arrive empty or long: the service answers the §5 rules with their own codes (service_field_name_required,
// service_field_name_too_long, …); the schema only bounds sizes.
export const serviceFieldInput = z.object({
  key: key.optional(),
  name: z.string().trim().max(1000, 'too_long'),
  type: z.enum(SERVICE_FIELD_TYPES, 'service_field_type_unknown'),
  required: z.boolean().default(false),
  /** The choices of a `select` field. */
  options: z.array(z.string().trim().max(SERVICE_OPTION_MAX, 'too_long')).max(100, 'too_long').default([]),
});
export type ServiceFieldInput = z.input<typeof serviceFieldInput>;
export const serviceFieldDto = z.object({
  key: z.string(),
  name: z.string(),
  type: z.enum(SERVICE_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
});
export type ServiceFieldDto = z.infer<typeof serviceFieldDto>;

/**
 * A step's performers, at most 5 together: named people, the requester's chief, the heads of departments (resolved
 * to people when a request starts). Separate lists rather than one list of kinds, so every id has one place.
 */
const performers = {
  people: z.array(id).max(100, 'too_long'),
  chief: z.boolean(),
  departments: z.array(id).max(100, 'too_long'),
};

export const serviceStepInput = z.object({
  name: z.string().trim().max(1000, 'too_long'),
  /** An acknowledge-only step: its performers acknowledge, nobody accepts or declines. */
  review: z.boolean().default(false),
  people: performers.people.default([]),
  chief: performers.chief.default(false),
  departments: performers.departments.default([]),
  fields: z.array(serviceFieldInput).max(100, 'too_long').default([]),
});
export type ServiceStepInput = z.input<typeof serviceStepInput>;

/** `POST api/bp/{bp}/step`: a step added (at `position`, 0-based, or last). */
export const addStepBody = serviceStepInput.extend({ position: z.number().int().min(0).max(100).optional() });
export type AddStepBody = z.infer<typeof addStepBody>;
/** `PUT api/bp/{bp}/step`: the fields given of the step `_id`; `position` moves it. */
export const updateStepBody = z.object({
  _id: id,
  name: z.string().trim().max(1000, 'too_long').optional(),
  review: z.boolean().optional(),
  people: performers.people.optional(),
  chief: performers.chief.optional(),
  departments: performers.departments.optional(),
  fields: z.array(serviceFieldInput).max(100, 'too_long').optional(),
  position: z.number().int().min(0).max(100).optional(),
});
export type UpdateStepBody = z.infer<typeof updateStepBody>;

export const createServiceBody = z.object({
  name: z.string().trim().max(SERVICE_NAME_MAX, 'too_long'),
  description: z.string().trim().max(SERVICE_DESCRIPTION_MAX, 'too_long'),
  /** Its service group (required). */
  group: id.nullable().optional(),
  type: z.enum(SERVICE_TYPES, 'service_type_unknown').default('simple'),
  /** The responsible department: its head hears of overdue requests. */
  department_id: id.nullable().optional(),
  /** Days a request has, from its start; null: no limit. */
  days_limit: z.number().int('validation').min(1, 'validation').max(SERVICE_DAYS_LIMIT_MAX, 'validation').nullish(),
  /** For everyone of the workspace; otherwise for the audience of `grants`. */
  for_all: z.boolean().default(true),
  grants: audienceGrants.default([]),
  /** Its owners: they design it and read its table, as administrators do. */
  owners: z.array(id).max(SERVICE_OWNERS_MAX, 'too_long').default([]),
  /** A knowledge-base article describing the service (`GET api/service/byArticle/{id}`). */
  article_id: id.nullable().optional(),
  /** Switched off: out of the catalogue, no new requests (running ones go on). */
  active: z.boolean().default(true),
  fields: z.array(serviceFieldInput).max(100, 'too_long').default([]),
  steps: z.array(serviceStepInput).max(100, 'too_long').default([]),
});
export type CreateServiceBody = z.infer<typeof createServiceBody>;
/** `PUT api/bp/{id}`: the fields given. Steps change through the step calls, the type through `convert`. */
export const updateServiceBody = createServiceBody
  .omit({ type: true, steps: true })
  .partial()
  .extend({
    description: z.string().trim().max(SERVICE_DESCRIPTION_MAX, 'too_long').optional(),
    for_all: z.boolean().optional(),
    grants: audienceGrants.optional(),
    owners: z.array(id).max(SERVICE_OWNERS_MAX, 'too_long').optional(),
    active: z.boolean().optional(),
    fields: z.array(serviceFieldInput).max(100, 'too_long').optional(),
  });
export type UpdateServiceBody = z.infer<typeof updateServiceBody>;

/** `POST api/bp/convert/{id}`: the type it becomes (simple ⇄ multi-step). */
export const convertServiceBody = z.object({ type: z.enum(SERVICE_TYPES, 'service_type_unknown') });

export const serviceCan = z.object({
  /** Start a request (in the audience, switched on, with the `services` right). */
  request: z.boolean(),
  /** The designer: fields, steps, audience, switching on and off, convert. */
  edit: z.boolean(),
  /** Owners (administrators only). */
  owners: z.boolean(),
  delete: z.boolean(),
  /** The table of every request of the service, and its export. */
  table: z.boolean(),
});
export type ServiceCan = z.infer<typeof serviceCan>;

const named = z.object({ _id: z.string(), name: z.string() });
export const servicePerformerDto = z.object({
  kind: z.enum(SERVICE_PERFORMER_KINDS),
  /** The named person. */
  user: personCard.nullable(),
  /** The department whose head performs (its head now, for the designer). */
  department: named.nullable(),
  head: personCard.nullable(),
});
export const serviceStepDto = z.object({
  _id: z.string(),
  name: z.string(),
  review: z.boolean(),
  performers: z.array(servicePerformerDto),
  fields: z.array(serviceFieldDto),
});
export type ServiceStepDto = z.infer<typeof serviceStepDto>;

/** A service in the catalogue: what the request form needs. */
export const serviceItem = z.object({
  _id: z.string(),
  client_id: z.string(),
  template: z.literal(true),
  name: z.string(),
  description: z.string(),
  group: named.nullable(),
  type: z.enum(SERVICE_TYPES),
  days_limit: z.number().int().nullable(),
  active: z.boolean(),
  for_all: z.boolean(),
  article_id: z.string().nullable(),
  fields: z.array(serviceFieldDto),
  steps_count: z.number().int(),
  can: serviceCan,
});
export type ServiceItem = z.infer<typeof serviceItem>;

/** A service as `GET api/bp/{id}` answers it: its steps with their performers; grants and counts for its managers. */
export const serviceDto = serviceItem.extend({
  department: named.nullable(),
  owners: z.array(personCard),
  steps: z.array(serviceStepDto),
  /** The audience as given (for those who edit the service; empty otherwise). */
  grants: z.array(audienceGrantDto),
  /** Its requests (for those who read its table; zeros otherwise). */
  requests: z.object({ active: z.number().int(), total: z.number().int() }),
  created: z.string(),
  updated: z.string(),
});
export type ServiceDto = z.infer<typeof serviceDto>;

export const serviceGroupBody = z.object({
  name: z.string().trim().max(SERVICE_GROUP_NAME_MAX, 'too_long'),
  order: z.number().int().min(0).max(10_000).optional(),
});
export const updateServiceGroupBody = serviceGroupBody.partial();
export const serviceGroupDto = z.object({
  _id: z.string(),
  client_id: z.string(),
  name: z.string(),
  order: z.number().int(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export const catalogueGroup = serviceGroupDto.extend({ services: z.array(serviceItem) });
export const catalogueQuery = z.object({ search: z.string().trim().max(SERVICE_SEARCH_MAX, 'too_long').optional() });
export const cataloguePage = z.object({
  result: z.array(catalogueGroup),
  can: z.object({ create_group: z.boolean(), create_service: z.boolean(), settings: z.boolean() }),
});

/** `GET api/bp/tmpls/{id}`: the services the caller designs. */
export const templatesPage = z.object({
  result: z.array(serviceItem.extend({ requests: z.object({ active: z.number().int(), total: z.number().int() }) })),
  can: z.object({ create: z.boolean() }),
});

// —— Requests ——

/** A request's form values, by field key (types: docs/api.md "Services"). */
export const serviceValues = z.record(key, z.unknown());
export type ServiceValues = z.infer<typeof serviceValues>;

/** `POST api/bp/start` (and `POST api/bp` with `tmpl`): a request of the service `tmpl`. */
export const startRequestBody = z.object({
  tmpl: id,
  fields: serviceValues.default({}),
  /** Files attached to the request beside its file fields (uploaded first, of this workspace). */
  files: z.array(id).max(SERVICE_FILES_MAX, 'too_long').default([]),
});
export type StartRequestBody = z.infer<typeof startRequestBody>;

export const passStepBody = z.object({
  step_id: id,
  decision: z.enum(SERVICE_DECISIONS, 'service_decision_invalid'),
  reason: z.string().trim().max(SERVICE_REASON_MAX, 'too_long').optional(),
  /** The step's own fields. */
  fields: serviceValues.default({}),
});
export type PassStepBody = z.infer<typeof passStepBody>;

export const requestCan = z.object({
  /** Decide the current step (the caller is one of its performers). */
  pass: z.boolean(),
  comment: z.boolean(),
  /** The caller reads the service's table. */
  table: z.boolean(),
});
export type RequestCan = z.infer<typeof requestCan>;

export const requestStepDto = z.object({
  _id: z.string(),
  position: z.number().int(),
  /** `request`: the request itself (position 0, done by the requester); `step`: a step of the service. */
  kind: z.enum(['request', 'step']),
  name: z.string(),
  review: z.boolean(),
  status: z.enum(SERVICE_STEP_STATUSES),
  performers: z.array(personCard),
  decision: z.enum(SERVICE_DECISIONS).nullable(),
  decided_by: personCard.nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  fields: z.array(serviceFieldDto),
  values: z.record(z.string(), z.unknown()),
});
export const requestHistoryDto = z.object({
  _id: z.string(),
  action: z.enum(SERVICE_HISTORY_ACTIONS),
  step_id: z.string().nullable(),
  step: z.string().nullable(),
  actor: personCard.nullable(),
  reason: z.string().nullable(),
  created: z.string(),
});
/** People, departments and files the values name, by id, so the page shows them without more calls. */
export const requestRefs = z.object({
  people: z.record(z.string(), personCard),
  departments: z.record(z.string(), named),
  files: z.record(z.string(), storedFile),
});

const currentStep = z.object({
  _id: z.string(),
  name: z.string(),
  position: z.number().int(),
  review: z.boolean(),
  performers: z.array(personCard),
});

/** A request in lists: "my requests", the performer's queue, a service's table. */
export const requestItem = z.object({
  _id: z.string(),
  client_id: z.string(),
  template: z.literal(false),
  /** Its service (null once the service was deleted: the request keeps the form and steps it started with). */
  service: named.nullable(),
  name: z.string(),
  requester: personCard,
  status: z.enum(SERVICE_REQUEST_STATUSES),
  created: z.string(),
  finished_at: z.string().nullable(),
  /** YYYY-MM-DD in the workspace's time zone, or null without a days limit. */
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  step: currentStep.nullable(),
  steps_count: z.number().int(),
});
export type RequestItem = z.infer<typeof requestItem>;

export const requestDto = requestItem.extend({
  fields: z.array(serviceFieldDto),
  values: z.record(z.string(), z.unknown()),
  files: z.array(storedFile),
  steps: z.array(requestStepDto),
  history: z.array(requestHistoryDto),
  comments: z.array(commentDto),
  refs: requestRefs,
  can: requestCan,
});
export type RequestDto = z.infer<typeof requestDto>;

/** `GET api/bp/{id}`: a request, or a service (`template` tells which). */
export const bpDto = z.union([requestDto, serviceDto]);

export const REQUEST_SORTS = ['created', 'due', 'status', 'finished'] as const;
const filters = {
  /** Without `bp`: the person's own requests (`requester`) or the requests waiting for them (`performer`). */
  as: z.enum(['requester', 'performer']).default('requester'),
  /** `1`: finished only; `0`: running only. */
  finished: z.enum(['0', '1']).optional(),
  status: z.enum(SERVICE_REQUEST_STATUSES).optional(),
  /** The current step's position (1 = the service's first step). */
  step: z.coerce.number().int().min(0).max(SERVICE_STEPS_MAX).optional(),
  /** A person among the current step's performers. */
  performer: id.optional(),
  /** Started from this day on / up to this day (inclusive, YYYY-MM-DD, UTC). */
  from: boundedDate().optional(),
  to: boundedDate().optional(),
  sort: z.enum(REQUEST_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
};
export const requestListQuery = z.object({
  /** A service: its table for those who read it, else the person's own requests of it. */
  bp: id.optional(),
  ...filters,
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(SERVICE_TABLE_PAGE_MAX).default(SERVICE_TABLE_PAGE_SIZE),
});
export type RequestListQuery = z.infer<typeof requestListQuery>;
export const requestExportQuery = z.object(filters).omit({ as: true });
export type RequestExportQuery = z.infer<typeof requestExportQuery>;

export const requestPage = z.object({
  result: z.array(requestItem.extend({ values: z.record(z.string(), z.string()).optional() })),
  /** The service's fields as the table's columns (with `bp`, for those who read its table). */
  columns: z.array(z.object({ key: z.string(), name: z.string() })),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  can: z.object({ table: z.boolean() }),
});

// —— "Ask the office" and the settings ——

/** `POST api/user/send_service_req`: the portal's short form. */
export const serviceAskBody = z.object({
  text: z.string().trim().max(SERVICE_ASK_TEXT_MAX, 'too_long'),
  attachments: z.array(id).max(SERVICE_FILES_MAX, 'too_long').default([]),
});
export const serviceAskResult = z.object({
  result: z.boolean(),
  /** The request started, when the workspace sends asks to a service. */
  bp: z.string().nullable(),
  files: z.array(storedFile),
});

export const serviceSettingsBody = z.object({
  /** Who receives the asks (by notification and e-mail). */
  recipients: z.array(id).max(SERVICE_ASK_RECIPIENTS_MAX, 'too_long').default([]),
  /** A simple service the asks start requests of instead (null: they go to the recipients). */
  service: id.nullable().default(null),
});
export const serviceSettingsDto = z.object({
  recipients: z.array(personCard),
  service: named.nullable(),
  /** Asks can be sent (somebody receives them). */
  enabled: z.boolean(),
  can: z.object({ edit: z.boolean() }),
});
