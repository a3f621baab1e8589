import type { AudienceGrantDto, PersonCard } from '@hallway/shared';
import type {
  RequestDto,
  RequestItem,
  ServiceDto,
  ServiceFieldType,
  ServiceItem,
  ServiceType,
  ServiceValues,
} from '@hallway/shared/services';
import { api } from '../../api/client';
import { dispositionName, fetchFile, saveBlob } from '../../api/download';

/**
 * The services' calls (docs/api.md "Services"). Everything is `local`: the screens show their failures themselves,
 * the designer and the request form on their fields.
 */

const local = { local: true } as const;
type One<T> = { result: T };
const one = async <T>(promise: Promise<One<T>>) => (await promise).result;

export interface CatalogueGroup {
  _id: string;
  client_id: string;
  name: string;
  order: number;
  can: { edit: boolean; delete: boolean };
  services: ServiceItem[];
}
export interface CataloguePage {
  result: CatalogueGroup[];
  can: { create_group: boolean; create_service: boolean; settings: boolean };
}
export type TemplateItem = ServiceItem & { requests: { active: number; total: number } };
export interface TemplatesPage {
  result: TemplateItem[];
  can: { create: boolean };
}
export type TableRow = RequestItem & { values?: Record<string, string> };
export interface RequestsPage {
  result: TableRow[];
  columns: { key: string; name: string }[];
  total: number;
  offset: number;
  limit: number;
  can: { table: boolean };
}
export interface RequestFilters {
  bp?: string;
  as?: 'requester' | 'performer';
  finished?: '0' | '1';
  status?: RequestItem['status'];
  step?: number;
  performer?: string;
  from?: string;
  to?: string;
  sort?: 'created' | 'due' | 'status' | 'finished';
  order?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
}
export interface FieldInput {
  key?: string;
  name: string;
  type: ServiceFieldType;
  required: boolean;
  options: string[];
}
export interface StepInput {
  name: string;
  review: boolean;
  people: string[];
  chief: boolean;
  departments: string[];
  fields: FieldInput[];
}
export interface ServiceInput {
  name: string;
  description: string;
  group: string | null;
  type: ServiceType;
  department_id: string | null;
  days_limit: number | null;
  for_all: boolean;
  grants: AudienceGrantDto[];
  owners?: string[];
  active: boolean;
  fields: FieldInput[];
  steps: StepInput[];
}
export interface AskSettings {
  recipients: PersonCard[];
  service: { _id: string; name: string } | null;
  enabled: boolean;
  can: { edit: boolean };
}

export const fetchCatalogue = (clientId: string, search: string, signal?: AbortSignal) =>
  api<CataloguePage>(`/api/service_group/byClient/${clientId}`, {
    query: search ? { search } : {},
    signal,
    ...local,
  });

export const createGroup = (name: string) =>
  one(api<One<CatalogueGroup>>('/api/service_group', { method: 'POST', body: { name }, ...local }));
export const renameGroup = (id: string, name: string) =>
  api<unknown>(`/api/service_group/${id}`, { method: 'PUT', body: { name }, ...local });
export const deleteGroup = (id: string) => api<unknown>(`/api/service_group/${id}`, { method: 'DELETE', ...local });

export const fetchTemplates = (clientId: string, signal?: AbortSignal) =>
  api<TemplatesPage>(`/api/bp/tmpls/${clientId}`, { signal, ...local });

/** `GET api/bp/{id}`: a service or a request (`template` tells which). */
export const fetchBp = (id: string, signal?: AbortSignal) =>
  one(api<One<ServiceDto | RequestDto>>(`/api/bp/${id}`, { signal, ...local }));

export const createService = (input: ServiceInput) =>
  one(api<One<ServiceDto>>('/api/bp', { method: 'POST', body: input, ...local }));
export const updateService = (id: string, input: Partial<Omit<ServiceInput, 'type' | 'steps'>>) =>
  one(api<One<ServiceDto>>(`/api/bp/${id}`, { method: 'PUT', body: input, ...local }));
export const deleteService = (id: string) => api<unknown>(`/api/bp/${id}`, { method: 'DELETE', ...local });
export const convertService = (id: string, type: ServiceType) =>
  one(api<One<ServiceDto>>(`/api/bp/convert/${id}`, { method: 'POST', body: { type }, ...local }));
export const addStep = (id: string, step: StepInput & { position?: number }) =>
  one(api<One<ServiceDto>>(`/api/bp/${id}/step`, { method: 'POST', body: step, ...local }));
export const updateStep = (id: string, step: Partial<StepInput> & { _id: string; position?: number }) =>
  one(api<One<ServiceDto>>(`/api/bp/${id}/step`, { method: 'PUT', body: step, ...local }));
export const deleteStep = (id: string, stepId: string) =>
  api<unknown>(`/api/bp/${id}/step/${stepId}`, { method: 'DELETE', ...local });

export const startRequest = (tmpl: string, fields: ServiceValues, files: string[]) =>
  one(api<One<RequestDto>>('/api/bp/start', { method: 'POST', body: { tmpl, fields, files }, ...local }));

export const passStep = (
  id: string,
  body: { step_id: string; decision: 'accept' | 'decline' | 'ack'; reason?: string; fields?: ServiceValues },
) => one(api<One<RequestDto>>(`/api/bp/${id}/pass_step`, { method: 'POST', body, ...local }));

const filterQuery = (filters: RequestFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as Record<
    string,
    string | number
  >;

export const fetchRequests = (userId: string, filters: RequestFilters, signal?: AbortSignal) =>
  api<RequestsPage>(`/api/bp/runned/${userId}`, { query: filterQuery(filters), signal, ...local });

/** The address of the table's xlsx export with the same filters and sort. */
export function excelAddress(serviceId: string, filters: RequestFilters): string {
  const { bp: _bp, as: _as, offset: _offset, limit: _limit, ...rest } = filters;
  const query = new URLSearchParams(Object.entries(filterQuery(rest)).map(([key, value]) => [key, String(value)]));
  const text = query.toString();
  return `/api/bp/${serviceId}/excel${text ? `?${text}` : ''}`;
}

/** `GET api/bp/{id}/excel`: the table as an xlsx workbook, saved under the server's name. */
export async function downloadExcel(serviceId: string, filters: RequestFilters): Promise<string> {
  const response = await fetchFile(excelAddress(serviceId, filters));
  const name = dispositionName(response.headers.get('content-disposition'), `service-${serviceId}.xlsx`);
  saveBlob(await response.blob(), name);
  return name;
}

export const sendAsk = (text: string, attachments: string[]) =>
  api<{ result: true; bp: string | null; files: unknown[] }>('/api/user/send_service_req', {
    method: 'POST',
    body: { text, attachments },
    ...local,
  });

export const fetchAskSettings = (clientId: string, signal?: AbortSignal) =>
  api<AskSettings>(`/api/service_settings/${clientId}`, { signal, ...local });
