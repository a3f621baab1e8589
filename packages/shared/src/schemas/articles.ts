import { z } from 'zod';
import { TEXT_MAX } from '../limits.js';
import { safeHref } from '../richtext.js';
import { audienceGrantDto, audienceGrants } from './audience.js';
import { id } from './common.js';
import { storedFile } from './files.js';
import { personCard } from './posts.js';

/**
 * The knowledge base and vacancies (modules §3 "Article / folder / file", "Vacancy", "Tag"; §7 "Articles and
 * vacancies", "Tags"; docs/api.md "Knowledge base"). Folders and articles form one tree per section; vacancies are
 * articles of the section `vacancy`.
 */
export const ARTICLE_SECTIONS = ['article', 'vacancy'] as const;
export type ArticleSection = (typeof ARTICLE_SECTIONS)[number];
export const ARTICLE_TYPES = ['folder', 'article'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];
/** The objects tags attach to (`PUT api/tag/attach/to/{model}/{item_id}`); other modules add theirs. */
export const TAG_MODELS = ['article'] as const;
export const TAG_MODULES = ['knowl_base', 'vacancies', 'task_tracker', 'lms'] as const;

export const ARTICLE_TITLE_MAX = 300;
export const ARTICLE_BLOCKS_MAX = 5000;
export const ARTICLE_FILES_MAX = 50;
export const ARTICLE_TAGS_MAX = 20;
export const ARTICLE_PAGE_SIZE = 50;
export const TAG_NAME_MAX = 50;
export const VACANCY_RESPONSE_MAX = 5000;
export const VACANCY_RECEIVERS_MAX = 20;
export const SALARY_MAX = 1_000_000_000;

// An article's document (docs/api.md "Knowledge base"): the allow-listed TipTap JSON of formatted posts, widened by
// what articles need — headings, code blocks, quotes, rules, tables and images of uploaded files. Nothing in it is
// HTML: any other node or mark (script, iframe, event handlers, styles) is refused with 400, and link and image
// targets go through `safeHref` (no `javascript:`, `data:` or `//host`).
const href = z
  .string()
  .max(2000, 'too_long')
  .refine((value) => safeHref(value) !== null, 'article_link_invalid');
const mark = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({ type: z.literal('strike') }),
  z.object({ type: z.literal('code') }),
  z.object({ type: z.literal('link'), attrs: z.object({ href }) }),
]);
const inline = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string().min(1).max(100_000, 'too_long'),
    marks: z.array(mark).max(5).optional(),
  }),
  z.object({ type: z.literal('hardBreak') }),
  z.object({ type: z.literal('image'), attrs: z.object({ src: href, alt: z.string().max(TEXT_MAX).nullish() }) }),
]);
const inlines = z.array(inline).max(5000).optional();
const paragraph = z.object({ type: z.literal('paragraph'), content: inlines });
const heading = z.object({
  type: z.literal('heading'),
  attrs: z.object({ level: z.number().int().min(1).max(4) }),
  content: inlines,
});
const codeBlock = z.object({
  type: z.literal('codeBlock'),
  attrs: z
    .object({
      language: z
        .string()
        .max(30)
        .regex(/^[a-z0-9+#-]*$/i)
        .nullish(),
    })
    .optional(),
  content: z
    .array(z.object({ type: z.literal('text'), text: z.string().min(1).max(100_000, 'too_long') }))
    .max(1)
    .optional(),
});
const rule = z.object({ type: z.literal('horizontalRule') });
const cell = z.object({
  type: z.enum(['tableCell', 'tableHeader']),
  attrs: z
    .object({
      colspan: z.number().int().min(1).max(50).optional(),
      rowspan: z.number().int().min(1).max(500).optional(),
    })
    .optional(),
  content: z.array(paragraph).min(1).max(50),
});
const table = z.object({
  type: z.literal('table'),
  content: z
    .array(z.object({ type: z.literal('tableRow'), content: z.array(cell).min(1).max(50) }))
    .min(1)
    .max(500),
});
export type ArticleBlock = { type: string; attrs?: Record<string, unknown>; content?: unknown[] };
const block: z.ZodType<ArticleBlock> = z
  .lazy(() =>
    z.union([
      paragraph,
      heading,
      codeBlock,
      rule,
      table,
      z.object({ type: z.literal('blockquote'), content: z.array(block).min(1).max(500) }),
      z.object({
        type: z.enum(['bulletList', 'orderedList']),
        content: z
          .array(z.object({ type: z.literal('listItem'), content: z.array(block).min(1).max(50) }))
          .min(1)
          .max(500),
      }),
    ]),
  )
  // recursive: the API document refers to it by this name, as to the wall's RichList (apps/server/…/openapi.ts)
  .meta({ id: 'ArticleBlock' }) as z.ZodType<ArticleBlock>;
export type ArticleDoc = { type: 'doc'; content: ArticleBlock[] };
export const articleDoc: z.ZodType<ArticleDoc> = z.object({
  type: z.literal('doc'),
  content: z.array(block).max(ARTICLE_BLOCKS_MAX, 'too_long'),
}) as z.ZodType<ArticleDoc>;

const title = z.string().trim().min(1, 'required').max(ARTICLE_TITLE_MAX, 'too_long');
const salary = z.number().int('validation').min(0, 'validation').max(SALARY_MAX, 'validation');
const salaryRange = <T extends { salary_from?: number | null; salary_to?: number | null }>(
  body: T,
  issue: z.RefinementCtx,
) => {
  if (body.salary_from != null && body.salary_to != null && body.salary_from > body.salary_to) {
    issue.addIssue({ code: 'custom', path: ['salary_from'], message: 'vacancy_salary_range' });
  }
};

const articleFields = {
  title,
  /** The document; a folder has none. */
  doc: articleDoc.nullish(),
  cover: id.nullish(),
  /** Vacancies: the salary range (from ≤ to) and who receives the responses. */
  salary_from: salary.nullish(),
  salary_to: salary.nullish(),
  receivers: z.array(id).max(VACANCY_RECEIVERS_MAX, 'too_long').optional(),
  /** People mentioned (mention markup in the text counts too): they are told once. */
  mentions: z.array(id).max(50, 'too_long').optional(),
};

export const createArticleBody = z
  .object({
    ...articleFields,
    section: z.enum(ARTICLE_SECTIONS).default('article'),
    type: z.enum(ARTICLE_TYPES).default('article'),
    parent: id.nullish(),
    tags: z.array(id).max(ARTICLE_TAGS_MAX, 'too_long').default([]),
    grants: audienceGrants.optional(),
  })
  .superRefine(salaryRange);
export type CreateArticleBody = z.infer<typeof createArticleBody>;

/**
 * `PUT api/article/{id}`: the fields given change. A change of title or document is a new version and must name the
 * version it was made from (`base_version`): a later save in between answers 409 `article_version_conflict`.
 */
export const updateArticleBody = z
  .object({
    title: title.optional(),
    doc: articleDoc.nullish(),
    cover: id.nullish(),
    salary_from: salary.nullish(),
    salary_to: salary.nullish(),
    receivers: articleFields.receivers,
    mentions: articleFields.mentions,
    /** Moves the node: a folder of the same section, or null for the top. */
    parent: id.nullish(),
    base_version: z.number().int().min(1).optional(),
  })
  .superRefine(salaryRange);
export type UpdateArticleBody = z.infer<typeof updateArticleBody>;

export const articleFile = z.object({
  _id: z.string(),
  filename: z.string(),
  filetype: z.string(),
  path: z.string(),
  thumb: z.string().nullable(),
  size: z.number(),
});
export type ArticleFile = z.infer<typeof articleFile>;

export const tagDto = z.object({
  _id: z.string(),
  client_id: z.string(),
  module: z.string(),
  name: z.string(),
  tmpl: z.boolean(),
});
export type TagDto = z.infer<typeof tagDto>;

export const articleCan = z.object({
  read: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  rights: z.boolean(),
  files: z.boolean(),
  create: z.boolean(),
  respond: z.boolean(),
});
export type ArticleCan = z.infer<typeof articleCan>;

/** One node of the tree as lists show it; `GET api/article/{id}` adds the document, files and grants. */
export const articleItem = z.object({
  _id: z.string(),
  client_id: z.string(),
  parent: z.string().nullable(),
  section: z.enum(ARTICLE_SECTIONS),
  type: z.enum(ARTICLE_TYPES),
  title: z.string(),
  order: z.number(),
  author: personCard,
  created: z.string(),
  updated: z.string(),
  cover: storedFile.nullable(),
  tags: z.array(tagDto),
  views: z.number(),
  favourite: z.boolean(),
  version: z.number(),
  salary_from: z.number().nullable(),
  salary_to: z.number().nullable(),
  /** A search hit: the matching words of the title or text marked with `<b>…</b>` (the only markup). */
  snippet: z.string().optional(),
  can: articleCan,
});
export type ArticleItem = z.infer<typeof articleItem>;

export const articleDto = articleItem.extend({
  doc: articleDoc.nullable(),
  files: z.array(articleFile),
  receivers: z.array(personCard),
  viewed: z.boolean(),
  /** The audience grants, for those who may change them (empty otherwise); `grants_from` names whose apply. */
  grants: z.array(audienceGrantDto),
  grants_from: z.string().nullable(),
});
export type ArticleDto = z.infer<typeof articleDto>;

export const articleListQuery = z.object({
  parent: id.optional(),
  search: z.string().trim().max(200, 'too_long').optional(),
  /** Tag ids, comma separated. */
  tags: z
    .string()
    .max(2000)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(id))
    .optional(),
  section: z.enum(ARTICLE_SECTIONS).default('article'),
  /** `1`: every level under `parent` (or the whole section), not only its children. */
  full: z.enum(['0', '1']).optional(),
  /** Vacancies whose salary range reaches this amount. */
  salary: z.coerce.number().int().min(0).max(SALARY_MAX).optional(),
  favourites: z.enum(['0', '1']).optional(),
  sort: z.enum(['order', 'newest', 'popular']).default('order'),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ArticleListQuery = z.infer<typeof articleListQuery>;

export const articlePage = z.object({
  result: z.array(articleItem),
  total: z.number(),
  page: z.number(),
  /** What the caller may do at this level (create under `parent`, or at the top). */
  can: z.object({ create: z.boolean() }),
});

export const articleTree = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.enum(ARTICLE_TYPES),
  parent: z.string().nullable(),
  order: z.number(),
});
export type ArticleTreeNode = z.infer<typeof articleTree>;

export const deepCounts = z.object({ folders: z.number(), articles: z.number(), files: z.number() });
export const articleFilesBody = z.object({ files: z.array(id).min(1, 'required').max(ARTICLE_FILES_MAX, 'too_long') });
export const articleRightsBody = z.object({ grants: audienceGrants });
export const favouriteBody = z.object({ favourite: z.boolean() });

export const articleVersionDto = z.object({
  version: z.number(),
  title: z.string(),
  author: personCard,
  created: z.string(),
  /** Restored from this version (null for an ordinary save). */
  restored_from: z.number().nullable(),
});
export const articleDiffDto = z.object({
  from: z.number(),
  to: z.number(),
  title: z.object({ from: z.string(), to: z.string() }),
  /** The plain text line by line: unchanged, added or removed runs of lines. */
  lines: z.array(z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() })),
});
/** `base_version`, when given, must be the latest (409 `article_version_conflict` otherwise). */
export const restoreBody = z.object({ base_version: z.number().int().min(1).optional() });

export const vacancyRespondBody = z.object({
  vacancy_id: id,
  text: z.string().trim().max(VACANCY_RESPONSE_MAX, 'too_long').default(''),
  /** The CV and other files, uploaded with `POST api/upload?purpose=attachment` (at most 20 MB each). */
  attachments: z.array(id).min(1, 'vacancy_cv_required').max(5, 'too_long'),
});

export const tagName = z.string().trim().min(1, 'required').max(TAG_NAME_MAX, 'too_long');
export const createTagBody = z.object({
  client_id: id,
  module: z.enum(TAG_MODULES),
  name: tagName,
  tmpl: z.boolean().default(false),
});
export const updateTagBody = z.object({ name: tagName.optional(), tmpl: z.boolean().optional() });
export const tagListQuery = z.object({ tmpl: z.enum(['0', '1']).optional() });
export const attachTagBody = z.object({ tag_id: id });
