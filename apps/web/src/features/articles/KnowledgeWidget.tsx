import { Anchor, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { formatDay } from '../../i18n/dates';
import { QueryState } from '../../ui/States';
import { WidgetCard } from '../../ui/WidgetCard';
import { articleQueries } from './queries';
import { useArticlesTexts } from './texts';

type Order = 'newest' | 'popular';

/** Five articles of any level the person may read, newest or most read first. */
export const knowledgeWidgetQuery = (clientId: string, userId: string, sort: Order) =>
  articleQueries.firstPage(clientId, userId, { section: 'article', full: '1', sort });

/** The wall's knowledge-base widget (modules §2): the newest and the most read articles the person may read. */
export function KnowledgeWidget({ clientId, enabled }: { clientId: string; enabled: boolean }) {
  const { t, lang } = useArticlesTexts();
  const { user } = useSession();
  const [sort, setSort] = useState<Order>('newest');
  const query = useQuery({ ...knowledgeWidgetQuery(clientId, user?._id ?? '', sort), enabled });
  const articles = (query.data?.result ?? []).filter((node) => node.type === 'article').slice(0, 5);

  return (
    <WidgetCard
      icon={<IconBook2 size={16} />}
      color="teal"
      title={t('widget.title')}
      controls={
        <SegmentedControl
          size="xs"
          value={sort}
          onChange={(value) => setSort(value as Order)}
          data={[
            { value: 'newest', label: t('widget.newest') },
            { value: 'popular', label: t('widget.popular') },
          ]}
        />
      }
    >
      <QueryState
        query={query}
        compactError
        loading={<Skeleton height={96} radius="md" />}
        isEmpty={() => articles.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('widget.empty')}
          </Text>
        }
      >
        {() => (
          <Stack gap={6}>
            {articles.map((node) => (
              <Group key={node._id} justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={`/article/${node._id}`} size="sm" lineClamp={1} style={{ minWidth: 0 }}>
                  {node.title}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {sort === 'popular' ? t('list.views', { count: node.views }) : formatDay(node.updated, lang)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
      <Anchor component={Link} to="/articles/" size="sm">
        {t('widget.all')}
      </Anchor>
    </WidgetCard>
  );
}
