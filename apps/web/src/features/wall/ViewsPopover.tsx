import { Button, Group, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '../../ui/Avatar';
import { LoadMore } from '../../ui/LoadMore';
import { QueryState } from '../../ui/States';
import { wallQueries } from './queries';
import { useWallTexts } from './texts';
import { TimeAgo } from './time';

/** Who viewed a post and when (`GET api/post/{id}/views`), loaded when the popover opens. */
export function ViewsPopover({ postId, count }: { postId: string; count: number }) {
  const { t } = useWallTexts();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-end" withArrow shadow="md" width={300}>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          radius="xl"
          leftSection={<IconEye size={16} />}
          aria-label={t('views.button', { count })}
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          {count}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs">{opened && <ViewsList postId={postId} />}</Popover.Dropdown>
    </Popover>
  );
}

function ViewsList({ postId }: { postId: string }) {
  const { t } = useWallTexts();
  const query = useInfiniteQuery(wallQueries.views(postId));
  const entries = query.data?.pages.flatMap((page) => page.result) ?? [];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('views.title')}
      </Text>
      <QueryState
        query={query}
        compactError
        loading={<Loader size="sm" mx="auto" />}
        isEmpty={() => entries.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('views.empty')}
          </Text>
        }
      >
        {() => null}
      </QueryState>
      {entries.length > 0 && (
        <ScrollArea.Autosize mah={280} type="auto">
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => (
              <Group key={entry.user._id} gap="sm" wrap="nowrap" component="li">
                <Avatar person={entry.user} size={28} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" truncate="end">
                    {entry.user.name}
                  </Text>
                </div>
                {entry.time && <TimeAgo iso={entry.time} />}
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <LoadMore query={query} label={t('views.more')} size="compact-xs" />
    </Stack>
  );
}
