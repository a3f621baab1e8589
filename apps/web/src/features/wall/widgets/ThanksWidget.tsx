import { plainText } from '@hallway/shared';
import { Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { QueryState } from '../../../ui/States';
import { WidgetCard } from '../../../ui/WidgetCard';
import { wallQueries } from '../queries';
import { useWallTexts } from '../texts';
import { TimeAgo } from '../time';

export const thanksQuery = (clientId: string) => wallQueries.thanks(clientId);

/** Recent thank-you posts (`GET api/clients/{id}/all_thanks`); new ones arrive in realtime with the feed. */
export function ThanksWidget({ clientId, enabled }: { clientId: string; enabled: boolean }) {
  const { t } = useWallTexts();
  const query = useQuery({ ...thanksQuery(clientId), enabled });
  const posts = query.data?.result.slice(0, 5) ?? [];
  return (
    <WidgetCard icon={<IconHeartHandshake size={16} />} color="pink" title={t('widgets.thanks.title')}>
      <QueryState
        query={query}
        compactError
        loading={<Skeleton height={48} radius="md" />}
        isEmpty={() => posts.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('widgets.thanks.empty')}
          </Text>
        }
      >
        {() => null}
      </QueryState>
      <Stack gap="sm">
        {posts.map((post) => {
          const to = post.mentions[0];
          return (
            <UnstyledButton key={post._id} component={Link} to={`/post/${post._id}`} className="hw-widget-row">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Avatar person={to ?? post.author} size={32} link={false} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {t('widgets.thanks.line', { from: post.author.name, to: to?.name ?? '' })}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {plainText(post.text)}
                  </Text>
                  <TimeAgo iso={post.created} />
                </div>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
    </WidgetCard>
  );
}
