import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of a wall widget: an icon, a title, optional controls and the content. */
export function WidgetCard({
  icon,
  color,
  title,
  controls,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" color={color} radius="md" size="md" aria-hidden>
              {icon}
            </ThemeIcon>
            <Text fw={600} component="h2" size="sm">
              {title}
            </Text>
          </Group>
          {controls}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
