import type { FeedbackKind, FeedbackStatus, FeedbackThread, IdeaBody, ReportBody } from '@hallway/shared/feedback';
import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import * as feedbackApi from './api';

export const feedbackKeys = {
  kind: (kind: FeedbackKind) => ['feedback', kind] as const,
  list: (kind: FeedbackKind, box: 'mine' | 'inbox', status: FeedbackStatus | undefined, page: number) =>
    ['feedback', kind, 'list', box, status ?? 'all', page] as const,
  item: (kind: FeedbackKind, id: string) => ['feedback', kind, 'item', id] as const,
  recipients: (kind: FeedbackKind) => ['feedback', kind, 'recipients'] as const,
};

export const feedbackQueries = {
  list: (kind: FeedbackKind, box: 'mine' | 'inbox', status: FeedbackStatus | undefined, page: number) =>
    queryOptions({
      queryKey: feedbackKeys.list(kind, box, status, page),
      queryFn: ({ signal }) => feedbackApi.fetchList(kind, box, { status, page }, signal),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  item: (kind: FeedbackKind, id: string) =>
    queryOptions({
      queryKey: feedbackKeys.item(kind, id),
      queryFn: ({ signal }) => feedbackApi.fetchItem(kind, id, signal),
      enabled: !!id,
    }),
  recipients: (kind: FeedbackKind) =>
    queryOptions({
      queryKey: feedbackKeys.recipients(kind),
      queryFn: ({ signal }) => feedbackApi.fetchRecipients(kind, signal),
      staleTime: 60_000,
    }),
};

/** A changed item: its thread is the answer, and the lists holding it read again. */
const changed = (client: QueryClient, thread: FeedbackThread) => {
  client.setQueryData(feedbackKeys.item(thread.kind, thread._id), thread);
  void client.invalidateQueries({ queryKey: [...feedbackKeys.kind(thread.kind), 'list'] });
};

export const feedbackMutations = {
  sendIdea: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: IdeaBody) => feedbackApi.sendIdea(body),
      onSuccess: () => void client.invalidateQueries({ queryKey: [...feedbackKeys.kind('idea'), 'list'] }),
    }),
  sendReport: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: ReportBody) => feedbackApi.sendReport(body),
      onSuccess: () => void client.invalidateQueries({ queryKey: [...feedbackKeys.kind('report'), 'list'] }),
    }),
  setStatus: (client: QueryClient, kind: FeedbackKind, id: string) =>
    mutationOptions({
      mutationFn: (status: FeedbackStatus) => feedbackApi.setStatus(kind, id, status),
      onSuccess: (t) => changed(client, t),
    }),
  reply: (client: QueryClient, kind: FeedbackKind, id: string) =>
    mutationOptions({
      mutationFn: (text: string) => feedbackApi.reply(kind, id, text),
      onSuccess: (t) => changed(client, t),
    }),
  /** Opens an anonymous report by its code; nothing is cached under the code (it stays in this screen only). */
  follow: () => mutationOptions({ mutationFn: (code: string) => feedbackApi.follow(code) }),
  followReply: () =>
    mutationOptions({
      mutationFn: ({ code, text }: { code: string; text: string }) => feedbackApi.followReply(code, text),
    }),
  saveRecipients: (client: QueryClient, kind: FeedbackKind) =>
    mutationOptions({
      mutationFn: (ids: string[]) => feedbackApi.saveRecipients(kind, ids),
      onSuccess: (saved) => {
        client.setQueryData(feedbackKeys.recipients(kind), saved);
        void client.invalidateQueries({ queryKey: feedbackKeys.kind(kind) });
      },
    }),
};
