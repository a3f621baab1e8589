import { Box, Card, Group, type MantineSpacing, Paper, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

/**
 * Page-shaped placeholders shown while a page's data loads, in place of a spinner: the same boxes, borders and
 * heights as the page they stand for, so nothing moves when the data arrives (CLS) and the person sees at once
 * what is coming. Mantine's Skeleton follows the colour scheme. Each is one live region saying "Loading…".
 */
function Loading({
  children,
  label,
  gap = 'lg',
}: {
  children: ReactNode;
  label?: string;
  gap?: MantineSpacing | number;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={gap} role="status" aria-live="polite" aria-label={label ?? t('common.loading')} aria-busy>
      {children}
    </Stack>
  );
}

/** Keys for placeholders, which have nothing but their position. */
const slots = (count: number) => Array.from({ length: count }, (_, index) => `slot-${index}`);

/** A line of text: `height` is the font's cap height, the box keeps the line's full height. */
function Line({
  width,
  height = 10,
  lineHeight = 20,
}: {
  width: number | string;
  height?: number;
  lineHeight?: number;
}) {
  return (
    <Box h={lineHeight} style={{ display: 'flex', alignItems: 'center' }}>
      <Skeleton height={height} width={width} radius="xl" />
    </Box>
  );
}

/** A page title (Mantine h2/h3 sized) and the card below it. */
export function PageSkeleton({ rows = 6, label }: { rows?: number; label?: string }) {
  return (
    <Loading label={label}>
      <Line width="30%" height={18} lineHeight={34} />
      <Card withBorder radius="lg" padding="md">
        <Stack gap="md">
          {slots(rows).map((key, index) => (
            <Line key={key} width={`${90 - ((index * 17) % 40)}%`} />
          ))}
        </Stack>
      </Card>
    </Loading>
  );
}

/** A cover, the round avatar over its edge, name and position; then the tabbed card (profile, group headers). */
export function HeaderCardSkeleton({
  coverHeight = { base: 110, sm: 180 },
  avatar = 104,
  label,
  rows = 5,
}: {
  coverHeight?: { base: number; sm: number };
  avatar?: number;
  label?: string;
  rows?: number;
}) {
  return (
    <Loading label={label}>
      <Card withBorder radius="lg" padding={0}>
        <Box h={coverHeight}>
          <Skeleton height="100%" radius={0} animate={false} />
        </Box>
        <Stack px={{ base: 'md', sm: 'xl' }} pb="lg" gap="sm">
          <Box mt={-(avatar / 2 - 4)} style={{ lineHeight: 0 }}>
            <Box
              w={avatar + 8}
              h={avatar + 8}
              style={{
                // Above the cover's skeleton, whose grey layer Mantine stacks with a z-index.
                position: 'relative',
                zIndex: 20,
                borderRadius: '50%',
                border: '4px solid var(--mantine-color-body)',
                overflow: 'hidden',
              }}
            >
              <Skeleton circle height={avatar} />
            </Box>
          </Box>
          <Stack gap={4}>
            <Line width="45%" height={20} lineHeight={34} />
            <Line width="30%" />
            <Line width="25%" />
          </Stack>
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding={0}>
        <Group
          gap="lg"
          px="md"
          h={44}
          wrap="nowrap"
          style={{ borderBottom: '2px solid var(--mantine-color-default-border)', overflow: 'hidden' }}
        >
          {[64, 80, 72, 90].map((width) => (
            <Skeleton key={width} height={10} width={width} radius="xl" />
          ))}
        </Group>
        <Stack p={{ base: 'md', sm: 'xl' }} gap="md">
          {slots(rows).map((key) => (
            <Stack key={key} gap={6}>
              <Line width={90} height={8} lineHeight={16} />
              <Skeleton height={36} radius="sm" />
            </Stack>
          ))}
        </Stack>
      </Card>
    </Loading>
  );
}

/** Rows of people as the address book draws them: a bordered card, a 44 px avatar, a name and two lines. */
export function PeopleSkeleton({ rows = 8, label }: { rows?: number; label?: string }) {
  return (
    <Loading label={label} gap="sm">
      {slots(rows).map((key) => (
        <Paper key={key} withBorder radius="md" p="sm">
          <Group gap="sm" wrap="nowrap">
            <Skeleton circle height={44} />
            <Stack gap={0} style={{ flex: 1 }}>
              <Line width="35%" lineHeight={24} />
              <Line width="50%" height={8} />
              <Line width="40%" height={7} lineHeight={18} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Loading>
  );
}

/** A table of people (employees): a header row, then an avatar, a name and a line per row. */
export function TableSkeleton({ rows = 8, label }: { rows?: number; label?: string }) {
  return (
    <Loading label={label} gap={0}>
      <Group
        h={42}
        px="xs"
        gap="xl"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)', overflow: 'hidden' }}
      >
        {['20%', '15%', '15%', '20%'].map((width) => (
          <Skeleton key={width} height={9} width={width} radius="xl" />
        ))}
      </Group>
      {slots(rows).map((key) => (
        <Group
          key={key}
          h={61}
          px="xs"
          gap="sm"
          wrap="nowrap"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Skeleton circle height={38} />
          <Stack gap={4} style={{ flex: 1 }}>
            <Skeleton height={9} width="30%" radius="xl" />
            <Skeleton height={7} width="20%" radius="xl" />
          </Stack>
        </Group>
      ))}
    </Loading>
  );
}
