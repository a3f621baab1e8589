// Link previews (issue 12; the spec is silent): the small card under a post for a link to one of the intranet's
// own pages. `GET api/link/preview?path=/group/<id>`.
import { z } from 'zod';
import { LINK_PREVIEW_KINDS, previewTarget } from '../previews.js';

export const linkPreviewQuery = z.object({
  path: z
    .string()
    .max(200, 'too_long')
    .refine((value) => previewTarget(value) !== null, 'validation'),
});
export type LinkPreviewQuery = z.infer<typeof linkPreviewQuery>;

export const linkPreviewDto = z.object({
  kind: z.enum(LINK_PREVIEW_KINDS),
  title: z.string(),
  /** Post: its first ~120 characters; profile: position · department. Group and project cards word theirs on the web. */
  subtitle: z.string().optional(),
  /** Groups: how many members (the web writes "Group · N members"). */
  members: z.number().int().optional(),
  /** A thumbnail URL (avatar, group picture). */
  picture: z.string().optional(),
  /** The page, normalized: `/group/<id>`. */
  path: z.string(),
});
export type LinkPreviewDto = z.infer<typeof linkPreviewDto>;
