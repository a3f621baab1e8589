import type { ClientDto, ClientStatus } from '@hallway/shared';
import { api } from '../../api/client';

export interface ClientFilter {
  search?: string;
  status?: ClientStatus;
}

/** The superadmin's list of workspaces (`GET /api/clients`), with users count and storage used. */
export const fetchClients = async (filter: ClientFilter = {}, signal?: AbortSignal) =>
  (await api<{ result: ClientDto[] }>('/api/clients', { query: { ...filter }, signal, company: false })).result;

export interface NewClient {
  workspace: string;
  name: string;
  admin: { firstName: string; lastName: string; email: string; login?: string; password: string };
}

export const createClient = async (body: NewClient) =>
  (await api<{ result: ClientDto }>('/api/clients', { method: 'POST', body, local: true, company: false })).result;

/** Information-tab fields, plus the superadmin's status and storage size. */
export type ClientInfoChanges = Partial<
  Pick<
    ClientDto,
    | 'name'
    | 'fullName'
    | 'city'
    | 'phone'
    | 'address'
    | 'director'
    | 'telegram'
    | 'inn'
    | 'comments'
    | 'status'
    | 'storageSize'
  >
>;

export const updateClient = async (id: string, body: ClientInfoChanges) =>
  (await api<{ result: ClientDto }>(`/api/clients/${id}`, { method: 'PUT', body, local: true })).result;
