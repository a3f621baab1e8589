import { docLinks, LINK_PREVIEWS_PER_POST, type LinkPreviewDto, previewTarget, type RichDoc } from '@hallway/shared';
import { Avatar, Box, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import { ApiError, api } from '../../api/client';
import { pluralForm } from './congratulate';
import { segmentsOf } from './mentions';
import { useWallTexts } from './texts';

/** Height of a card, and of its skeleton while it loads: the post does not jump when the card arrives. */
const CARD_HEIGHT = 58;

/** `GET api/link/preview` (docs/api.md "Link previews"): one entry per page, kept a few minutes, a 404 not retried. */
export const linkPreviewQuery = (path: string) =>
  queryOptions({
    queryKey: ['link-preview', path],
    queryFn: async ({ signal }) =>
      (await api<{ result: LinkPreviewDto }>('/api/link/preview', { query: { path }, signal, local: true })).result,
    staleTime: 5 * 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/**
 * The intranet pages a post links to, at most LINK_PREVIEWS_PER_POST, each once: a formatted post's link marks and
 * the web addresses of its text that point at this site's own pages.
 */
export function previewPaths(text: string, doc: RichDoc | null, origin: string): string[] {
  const hrefs = doc ? docLinks(doc) : [];
  for (const segment of segmentsOf(text)) if (segment.kind === 'link') hrefs.push(segment.href);
  const paths: string[] = [];
  for (const href of hrefs) {
    const target = previewTarget(href, [origin]);
    if (target && !paths.includes(target.path)) paths.push(target.path);
    if (paths.length === LINK_PREVIEWS_PER_POST) break;
  }
  return paths;
}

/** The cards of a post's links to intranet pages (nothing for a page the reader may not see). */
export const LinkPreviews = memo(function LinkPreviews({ text, doc }: { text: string; doc: RichDoc | null }) {
  const paths = useMemo(() => previewPaths(text, doc, window.location.origin), [text, doc]);
  if (!paths.length) return null;
  return (
    <Stack gap={6} mt="xs">
      {paths.map((path) => (
        <LinkPreviewCard key={path} path={path} />
      ))}
    </Stack>
  );
});

export function LinkPreviewCard({ path }: { path: string }) {
  const { t, lang } = useWallTexts();
  const { data, isPending } = useQuery(linkPreviewQuery(path));
  if (isPending) return <Skeleton h={CARD_HEIGHT} radius="md" role="status" aria-label={t('preview.loading')} />;
  if (!data) return null;
  const subtitle =
    data.kind === 'group'
      ? t(`preview.group.${pluralForm(lang, data.members ?? 0)}`, { count: data.members ?? 0 })
      : data.kind === 'project'
        ? t('preview.project')
        : data.subtitle;
  const round = data.kind === 'post' || data.kind === 'profile';
  return (
    <Paper
      component={Link}
      to={data.path}
      withBorder
      radius="md"
      px="sm"
      h={CARD_HEIGHT}
      className="hw-link-preview"
      style={{ display: 'flex', alignItems: 'center', textDecoration: 'none', color: 'inherit', maxWidth: 480 }}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar src={data.picture} alt="" radius={round ? 'xl' : 'sm'} color="initials" name={data.title} />
        <Box miw={0}>
          <Text size="sm" fw={600} truncate="end">
            {data.title}
          </Text>
          {subtitle && (
            <Text size="xs" c="dimmed" truncate="end">
              {subtitle}
            </Text>
          )}
        </Box>
      </Group>
    </Paper>
  );
}
