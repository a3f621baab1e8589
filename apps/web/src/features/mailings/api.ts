import type { MailingAction, MailingDto } from '@hallway/shared';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface MailingInput {
  active?: boolean;
  schedule?: string;
  target?: { url: string; key?: string };
}
interface Saved {
  result: MailingDto;
  started?: boolean;
  stopped?: boolean;
  restarted?: boolean;
}

const keys = { all: (workspace: string) => ['mailings', workspace] as const };

/** The workspace's mailings and the export (docs/api.md "Mailings"). */
export const mailingQueries = {
  list: (workspace: string) =>
    queryOptions({
      queryKey: keys.all(workspace),
      queryFn: ({ signal }) =>
        api<{ result: MailingDto[] }>('/api/mailing', { query: { workspace }, signal, local: true }).then(
          (r) => r.result,
        ),
      enabled: !!workspace,
    }),
};

const refresh = (client: QueryClient, workspace: string) => client.invalidateQueries({ queryKey: keys.all(workspace) });

export const mailingMutations = {
  create: (client: QueryClient, workspace: string) =>
    mutationOptions({
      mutationFn: (body: MailingInput & { action: MailingAction; schedule: string }) =>
        api<Saved>('/api/mailing', { method: 'POST', body: { workspace, ...body }, local: true }),
      onSuccess: () => refresh(client, workspace),
    }),
  update: (client: QueryClient, workspace: string) =>
    mutationOptions({
      mutationFn: ({ id, ...body }: MailingInput & { id: string }) =>
        api<Saved>(`/api/mailing/${id}`, { method: 'PUT', body, local: true }),
      onSuccess: () => refresh(client, workspace),
    }),
  remove: (client: QueryClient, workspace: string) =>
    mutationOptions({
      mutationFn: (id: string) => api<{ result: boolean }>(`/api/mailing/${id}`, { method: 'DELETE', local: true }),
      onSuccess: () => refresh(client, workspace),
    }),
  exportNow: () =>
    mutationOptions({
      mutationFn: () =>
        api<{ result: { exported: number } }>('/api/clients/exec_sendsay', { method: 'POST', local: true }).then(
          (r) => r.result.exported,
        ),
    }),
};
