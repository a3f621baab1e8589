import { Group, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One fact of a card's meta line (a date, a count): a small dimmed icon and dimmed text. */
export function MetaItem({ icon: Glyph, children }: { icon: Icon; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Glyph size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
