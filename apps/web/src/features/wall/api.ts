import type {
  AnniversaryDto,
  BirthdayDto,
  CommentDto,
  CreateCommentBody,
  CreatePostBody,
  FeedPage,
  LikeResult,
  LikeType,
  LinkBlockDto,
  LinkBlocksPage,
  PersonCard,
  PostDto,
  Reaction,
  UpdateCommentBody,
  UpdatePostBody,
  UpdateScheduledBody,
  UserDto,
  ViewFeed,
} from '@hallway/shared';
import { api } from '../../api/client';
import { dispositionName, fetchFile, saveBlob } from '../../api/download';

/** The wall's calls (docs/api.md "Wall"). Writes are `local`: the wall shows their failures next to the action. */

/** Which feed: the company's, the person's combined one, or one group's (its owner is the group). */
export type FeedKind = 'company' | 'user' | 'group';
export type SinglePost = PostDto & { comments: CommentDto[] };
export type AnswerDto = Omit<CommentDto, 'answers'>;

export interface PeoplePage<T> {
  result: T[];
  page: number;
  pages: number;
  total: number;
}
export type ViewEntry = { user: PersonCard; time: string | null; where: string };
export type ReadEntry = { user: PersonCard; time: string | null };
export type ReadStatus = 'pending' | 'acknowledged';
export interface ReadReport extends PeoplePage<ReadEntry> {
  counts: { audience: number; acknowledged: number; pending: number };
  status: ReadStatus;
}

/** `GET api/post/news/{clientId}/{page}`, `GET api/post/user_feed/{userId}/{page}` or `GET api/post/group/{id}`. */
export function fetchFeedPage(kind: FeedKind, ownerId: string, page: number, signal?: AbortSignal) {
  if (kind === 'group') return api<FeedPage>(`/api/post/group/${ownerId}`, { query: { page }, signal, local: true });
  const path = kind === 'company' ? `/api/post/news/${ownerId}/${page}` : `/api/post/user_feed/${ownerId}/${page}`;
  return api<FeedPage>(path, { signal, local: true });
}

/** A missing post is the page's own state, not the global not-found page. */
export const fetchPost = async (id: string, signal?: AbortSignal) =>
  (await api<{ result: SinglePost }>(`/api/post/${id}`, { signal, local: true })).result;

export const createPost = async (body: CreatePostBody) =>
  (await api<{ result: PostDto }>('/api/post', { method: 'POST', body, local: true })).result;

/** `GET api/post/scheduled`: the caller's own posts waiting for their publication time. */
export const fetchScheduled = async (signal?: AbortSignal) =>
  (await api<{ result: PostDto[] }>('/api/post/scheduled', { signal, local: true })).result;

/** `PUT api/post/scheduled/{id}`: new text, mentions or time; `publishAt: null` publishes it now. */
export const updateScheduled = async (id: string, body: UpdateScheduledBody) =>
  (await api<{ result: PostDto }>(`/api/post/scheduled/${id}`, { method: 'PUT', body, local: true })).result;

export const cancelScheduled = (id: string) =>
  api<unknown>(`/api/post/scheduled/${id}`, { method: 'DELETE', local: true });

export const updatePost = async (id: string, body: UpdatePostBody) =>
  (await api<{ result: PostDto }>(`/api/post/${id}`, { method: 'PUT', body, local: true })).result;

export const deletePost = (id: string) => api<unknown>(`/api/post/${id}`, { method: 'DELETE', local: true });

export const react = async (likeType: LikeType, id: string, reaction: Reaction) =>
  (
    await api<{ result: LikeResult }>('/api/post/like', {
      method: 'POST',
      body: { like_type: likeType, id, reaction },
      local: true,
    })
  ).result;

/**
 * Counts once per person; `counted` tells whether this call added the view. Sent in the background as posts scroll
 * by, so it never interrupts the reader: an ended session is noticed by the next thing the person does.
 */
export const viewPost = (id: string, userId: string, where: string) =>
  api<{ counted: boolean; post_id: string }>(`/api/post/${id}/view`, {
    method: 'PUT',
    body: { user_id: userId, where },
    quiet: true,
  });

export const viewAll = (userId: string, where: ViewFeed) =>
  api<{ notifSec: ViewFeed; postIds: string[]; userId: string }>('/api/post/all/view', {
    method: 'PUT',
    body: { user_id: userId, where },
    local: true,
  });

export const fetchViews = (id: string, page: number, signal?: AbortSignal) =>
  api<PeoplePage<ViewEntry>>(`/api/post/${id}/views`, { query: { page }, signal, local: true });

export const acknowledge = async (id: string) =>
  (
    await api<{ result: { post_id: string; acknowledged: boolean; time: string } }>(`/api/post/${id}/ack`, {
      method: 'PUT',
      local: true,
    })
  ).result;

export const setMustRead = async (id: string, mustRead: boolean) =>
  (await api<{ result: PostDto }>(`/api/post/${id}/must_read`, { method: 'PUT', body: { mustRead }, local: true }))
    .result;

export const setPinned = async (id: string, pinned: boolean) =>
  (await api<{ result: PostDto }>(`/api/post/${id}/pin`, { method: 'PUT', body: { pinned }, local: true })).result;

/** `POST api/post/{id}/remind`: those of the audience who have not confirmed are notified again (once an hour). */
export const remindPending = async (id: string) =>
  (
    await api<{ result: { post_id: string; reminded: number } }>(`/api/post/${id}/remind`, {
      method: 'POST',
      local: true,
    })
  ).result;

/** `GET api/post/{id}/read_report/export`: the read report as xlsx, saved by the browser under the server's name. */
export async function downloadReadReport(id: string): Promise<void> {
  const response = await fetchFile(`/api/post/${id}/read_report/export`);
  saveBlob(
    await response.blob(),
    dispositionName(response.headers.get('Content-Disposition'), `read-report-${id}.xlsx`),
  );
}

export const fetchReadReport = (id: string, status: ReadStatus, page: number, signal?: AbortSignal) =>
  api<ReadReport>(`/api/post/${id}/read_report`, { query: { status, page }, signal, local: true });

export const createComment = async (body: CreateCommentBody) =>
  (await api<{ result: CommentDto }>('/api/comment', { method: 'POST', body, local: true })).result;

export const updateComment = async (id: string, body: UpdateCommentBody) =>
  (await api<{ result: AnswerDto }>(`/api/comment/${id}`, { method: 'PUT', body, local: true })).result;

/** `parent_type` names what the comment hangs under: `post` for a comment, `comment` for an answer. */
export const deleteComment = async (id: string, parentType: 'post' | 'comment') =>
  (
    await api<{ result: { _id: string; commentsCount: number | null } }>(`/api/comment/${id}`, {
      method: 'DELETE',
      query: { parent_type: parentType },
      local: true,
    })
  ).result;

/** The mention search when the workspace's people are not at hand (`POST api/user/filter/{workspace}`). */
export const searchPeople = async (workspace: string, search: string, signal?: AbortSignal) =>
  (
    await api<{ result: UserDto[] }>(`/api/user/filter/${encodeURIComponent(workspace)}`, {
      method: 'POST',
      body: { search, limit: 8 },
      signal,
      local: true,
    })
  ).result;

/** The "important in groups" widget (`GET api/post/important_in_groups`): at most 5 posts of readable groups. */
export const fetchImportantInGroups = async (signal?: AbortSignal) =>
  (await api<{ result: PostDto[] }>('/api/post/important_in_groups', { signal, local: true })).result;

export const fetchThanks = (clientId: string, signal?: AbortSignal) =>
  api<FeedPage>(`/api/clients/${clientId}/all_thanks`, { query: { page: 0 }, signal, local: true });

export const fetchBirthdays = async (clientId: string, date: string, signal?: AbortSignal) =>
  (await api<{ result: BirthdayDto[] }>(`/api/clients/${clientId}/birthdays`, { query: { date }, signal, local: true }))
    .result;

/** Work anniversaries of this month and next (`GET api/clients/{id}/anniversaries`), shown beside the birthdays. */
export const fetchAnniversaries = async (clientId: string, date: string, signal?: AbortSignal) =>
  (
    await api<{ result: AnniversaryDto[] }>(`/api/clients/${clientId}/anniversaries`, {
      query: { date },
      signal,
      local: true,
    })
  ).result;

/** The wall's block of useful links is the one of module `company`. */
export const LINKS_MODULE = 'company';

/** A module's blocks of useful links (`company` for the wall; `knowl_base`, `services` and others for theirs). */
export const fetchLinkBlocks = (clientId: string, module: string, signal?: AbortSignal) =>
  api<LinkBlocksPage>(`/api/links_block/${clientId}/${module}`, { signal, local: true });

export const toggleLinks = async (clientId: string, module: string, enabled: boolean) =>
  (
    await api<{ result: LinkBlockDto }>('/api/links_block/toggle', {
      method: 'PUT',
      body: { client_id: clientId, module, enabled },
      local: true,
    })
  ).result;

export interface LinkInput {
  _id?: string;
  title: string;
  link: string;
}

/** Adds a link, or changes it when it has an `_id`. */
export const saveLink = async (blockId: string, link: LinkInput) =>
  (
    await api<{ result: LinkBlockDto }>(`/api/links_block/${blockId}/link`, {
      method: link._id ? 'PUT' : 'POST',
      body: link,
      local: true,
    })
  ).result;

export const deleteLink = async (blockId: string, linkId: string) =>
  (await api<{ result: LinkBlockDto }>(`/api/links_block/${blockId}/link/${linkId}`, { method: 'DELETE', local: true }))
    .result;

/** How many of the feed's posts the caller has not seen yet (`GET api/post/unseen`). */
export const fetchUnseen = (where: ViewFeed, signal?: AbortSignal) =>
  api<{ where: ViewFeed; count: number }>('/api/post/unseen', { query: { where }, signal, quiet: true }).then(
    (answer) => answer.count,
  );
