import { plainText } from '@hallway/shared';
import { Anchor, Badge, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { QueryState } from '../../../ui/States';
import { WidgetCard } from '../../../ui/WidgetCard';
import { wallQueries } from '../queries';
import { useWallTexts } from '../texts';
import { TimeAgo } from '../time';

export const importantInGroupsQuery = () => wallQueries.importantInGroups();

/**
 * "Important in groups" (spec portal §2 wall widgets): must-read posts of the person's readable groups they have not
 * confirmed, then the most-reacted recent group posts; each row opens the post.
 */
export function ImportantInGroupsWidget({ enabled }: { enabled: boolean }) {
  const { t } = useWallTexts();
  const query = useQuery({ ...importantInGroupsQuery(), enabled });
  const posts = query.data ?? [];
  return (
    <WidgetCard
      icon={<IconFlame size={16} />}
      color="orange"
      title={t('widgets.important.title')}
      controls={
        <Anchor component={Link} to="/groups/" size="xs">
          {t('widgets.important.all')}
        </Anchor>
      }
    >
      <QueryState
        query={query}
        compactError
        loading={<Skeleton height={48} radius="md" />}
        isEmpty={() => posts.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('widgets.important.empty')}
          </Text>
        }
      >
        {() => null}
      </QueryState>
      <Stack gap="sm">
        {posts.map((post) => (
          <UnstyledButton key={post._id} component={Link} to={`/post/${post._id}`} className="hw-widget-row">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Avatar person={post.author} size={32} link={false} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} truncate="end">
                    {post.author.name}
                  </Text>
                  {post.mustRead && !post.acknowledged && (
                    <Badge size="xs" color="red" variant="light">
                      {t('widgets.important.mustRead')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {plainText(post.text)}
                </Text>
                <Group gap="xs">
                  <TimeAgo iso={post.created} />
                  {post.likes > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('widgets.important.reactions', { count: post.likes })}
                    </Text>
                  )}
                </Group>
              </div>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </WidgetCard>
  );
}
