// Link previews (issue 12; the spec is silent): which links point at an intranet page with a card. Plain functions,
// no zod: the wall's first load takes them (the schemas are in schemas/previews.ts).

export const LINK_PREVIEW_KINDS = ['post', 'profile', 'group', 'project'] as const;
export type LinkPreviewKind = (typeof LINK_PREVIEW_KINDS)[number];

/** Cards per post at most. */
export const LINK_PREVIEWS_PER_POST = 3;

const PREVIEW_PATH =
  /^\/(post|profile|group|project)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * The page an intranet link points at, as `{ kind, id, path }`, or null for anything else. Takes a path (`/group/…`)
 * or an absolute address of one of the `origins` (the server's own); a query or fragment is ignored.
 */
export function previewTarget(
  href: string,
  origins: readonly string[] = [],
): { kind: LinkPreviewKind; id: string; path: string } | null {
  let path = href;
  if (!href.startsWith('/') || href.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return null;
    }
    if (!origins.includes(url.origin)) return null;
    path = url.pathname;
  }
  const match = PREVIEW_PATH.exec(path.split(/[?#]/)[0]);
  if (!match) return null;
  // Paths match in any case, as the web's routes do (`/POST/<id>` opens the post).
  const kind = match[1].toLowerCase() as LinkPreviewKind;
  const id = match[2].toLowerCase();
  return { kind, id, path: `/${kind}/${id}` };
}
