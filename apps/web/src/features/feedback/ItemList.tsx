import { FEEDBACK_PAGE_SIZE, type FeedbackKind, type FeedbackStatus, STATUSES_OF } from '@hallway/shared/feedback';
import { ActionIcon, Card, Drawer, Group, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconMessage } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { feedbackMutations, feedbackQueries } from './queries';
import { dateText, StatusBadge, Thread } from './Thread';
import { useFeedbackTexts } from './texts';

/** The caller's own items of a kind, or its inbox: a status filter, a page at a time; a click opens the thread. */
export function ItemList({ kind, box }: { kind: FeedbackKind; box: 'mine' | 'inbox' }) {
  const { t } = useFeedbackTexts();
  const { lang } = useSession();
  const [status, setStatus] = useState<FeedbackStatus>();
  const [page, setPage] = useState(0);
  const [params, setParams] = useSearchParams();
  const list = useQuery(feedbackQueries.list(kind, box, status, page));
  const open = (id: string) =>
    setParams((p) => {
      p.set('item', id);
      return p;
    });
  return (
    <Stack>
      {box === 'inbox' && (
        <Select
          label={t('status.label')}
          w={240}
          data={[
            { value: '', label: t('status.all') },
            ...STATUSES_OF[kind].map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
          value={status ?? ''}
          onChange={(value) => {
            setStatus((value || undefined) as FeedbackStatus | undefined);
            setPage(0);
          }}
        />
      )}
      <QueryState
        query={list}
        loading={<SkeletonRows rows={3} height={72} label={t('item.loadingList')} />}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={t(`${kind}.${box === 'mine' ? 'emptyMine' : 'emptyInbox'}`)}
            description={t(`${kind}.${box === 'mine' ? 'emptyMineText' : 'emptyInboxText'}`)}
          />
        }
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / FEEDBACK_PAGE_SIZE));
          return (
            <Stack gap="xs">
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {data.items.map((item) => {
                  const title = item.title || item.description;
                  return (
                    <Card key={item._id} component="li" withBorder radius="md" p={0}>
                      <UnstyledButton
                        p="sm"
                        w="100%"
                        onClick={() => open(item._id)}
                        aria-label={t('item.open', { title: title.slice(0, 60) })}
                        data-testid="feedback-item"
                      >
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Stack gap={2} miw={0}>
                            <Text fw={600} lineClamp={1}>
                              {title}
                            </Text>
                            {item.title && (
                              <Text size="sm" c="dimmed" lineClamp={2}>
                                {item.description}
                              </Text>
                            )}
                            <Group gap="xs">
                              <Text size="xs" c="dimmed">
                                {item.anonymous ? t('item.anonymous') : item.author_name} · {dateText(item.date, lang)}
                              </Text>
                              {item.messages > 0 && (
                                <Group gap={2}>
                                  <IconMessage size={14} aria-hidden />
                                  <Text size="xs" c="dimmed">
                                    {t('item.messages', { count: item.messages })}
                                  </Text>
                                </Group>
                              )}
                            </Group>
                          </Stack>
                          <StatusBadge status={item.status} />
                        </Group>
                      </UnstyledButton>
                    </Card>
                  );
                })}
              </Stack>
              {pages > 1 && (
                <Group justify="center" gap="xs">
                  <ActionIcon
                    variant="default"
                    aria-label={t('item.previous')}
                    disabled={page === 0}
                    onClick={() => setPage(page - 1)}
                  >
                    <IconChevronLeft size={16} />
                  </ActionIcon>
                  <Text size="sm">{t('item.page', { page: page + 1, pages })}</Text>
                  <ActionIcon
                    variant="default"
                    aria-label={t('item.next')}
                    disabled={page + 1 >= pages}
                    onClick={() => setPage(page + 1)}
                  >
                    <IconChevronRight size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Stack>
          );
        }}
      </QueryState>
      <ItemDrawer kind={kind} id={params.get('item') ?? ''} />
    </Stack>
  );
}

/** The thread of `?item=`, over the list (a notification's link opens it). */
function ItemDrawer({ kind, id }: { kind: FeedbackKind; id: string }) {
  const { t } = useFeedbackTexts();
  const [, setParams] = useSearchParams();
  const client = useQueryClient();
  const item = useQuery(feedbackQueries.item(kind, id));
  const reply = useMutation(feedbackMutations.reply(client, kind, id));
  const status = useMutation(feedbackMutations.setStatus(client, kind, id));
  const close = () =>
    setParams((p) => {
      p.delete('item');
      return p;
    });
  return (
    <Drawer
      opened={!!id}
      onClose={close}
      position="right"
      size="xl"
      title={t(`${kind}.title`)}
      closeButtonProps={{ 'aria-label': t('item.close') }}
    >
      {id && (
        <QueryState query={item} loading={<SkeletonRows rows={4} label={t('item.loading')} />}>
          {(thread) => (
            <Thread
              thread={thread}
              onReply={(text) => reply.mutateAsync(text)}
              replying={reply.isPending}
              replyError={reply.error}
              onStatus={(next) => status.mutate(next)}
              statusPending={status.isPending}
            />
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
