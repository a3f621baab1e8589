import type { PostDto } from '@hallway/shared';
import { Badge, Box, Button, Drawer, Grid, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconChecks, IconLayoutSidebarRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { BREAKPOINTS } from '../../app/theme';
import { EmptyState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import type { FeedKind } from './api';
import { Composer } from './Composer';
import { insertPostInFeed, markViewedEverywhere, wallKeys } from './cache';
import { pluralForm, useIncomingDraft } from './congratulate';
import { useWall, WallProvider } from './context';
import { Feed, useFeedQuery } from './Feed';
import { MyFeedEmpty } from './MyFeedEmpty';
import { wallMutations } from './queries';
import { ScheduledPosts } from './ScheduledPosts';
import { useWallTexts } from './texts';
import { markAllSeen, refreshUnseen, unseenQuery, viewFeedOf } from './unread';
import { Widgets } from './widgets/Widgets';
import './wall.css';

const FEED_KEY = 'hallway.wallFeed';
const HINT_ID = 'hw-wall-feed-hint';
const WIDE_QUERY = `(min-width: ${BREAKPOINTS.md})`;

/** /company: the company wall (spec portal §2): composer, the company or the own feed, and the widgets. */
export default function WallPage() {
  const { t } = useWallTexts();
  const { client, user } = useSession();
  if (!client || !user) {
    return (
      <EmptyState
        icon={<IconBuildingSkyscraper size={28} stroke={1.5} />}
        title={t('noClientTitle')}
        description={t('noClientText')}
        action={
          <Button component={Link} to="/clients" mt="sm">
            {t('toClients')}
          </Button>
        }
      />
    );
  }
  return (
    <WallProvider>
      <Wall workspaceName={client.name} />
    </WallProvider>
  );
}

function Wall({ workspaceName }: { workspaceName: string }) {
  const { t, lang } = useWallTexts();
  const { hasFeature } = useSession();
  const client = useQueryClient();
  const { owners, canWrite, reader, views } = useWall();
  const [stored, setStored] = useLocalStorage<FeedKind>({
    key: FEED_KEY,
    defaultValue: 'company',
    // Read at once: the chosen feed is the first one fetched, not the company feed and then it.
    getInitialValueInEffect: false,
  });
  const kind: FeedKind = stored === 'user' ? 'user' : 'company';
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const [drawer, setDrawer] = useState(false);
  // A congratulation goes to the company wall, where everyone sees it; the phone's widgets drawer closes on it.
  const draft = useIncomingDraft(
    useCallback(() => {
      setStored('company');
      setDrawer(false);
    }, [setStored]),
  );
  const marking = useMutation(wallMutations.viewAll());

  // Widgets wait for the feed's first answer: the feed is what the person came for.
  const feed = useFeedQuery(kind);
  const [widgetsReady, setWidgetsReady] = useState(false);
  const feedSettled = feed.isSuccess || feed.isError;
  useEffect(() => {
    if (feedSettled) setWidgetsReady(true);
  }, [feedSettled]);

  const onPublished = useCallback(
    (post: PostDto) => insertPostInFeed(client, kind, owners[kind], { ...post, viewed: true }),
    [client, kind, owners],
  );

  const where = viewFeedOf(kind) ?? 'company';
  const unseen = useQuery(unseenQuery(where));
  const newCount = unseen.data ?? 0;
  // The markers and the count go at once; the server's answer then marks the posts of pages not loaded yet.
  const markAll = () => {
    markAllSeen(client, where, reader.userId);
    marking.mutate(
      { userId: reader.userId, where },
      {
        onSuccess: (answer) => {
          views.markReported(answer.postIds);
          markViewedEverywhere(client, answer.postIds);
          showSuccess(t('feeds.markedAllRead', { count: answer.postIds.length }));
        },
        onError: () => {
          void client.invalidateQueries({ queryKey: [...wallKeys.feeds, kind] });
          refreshUnseen(client, where);
        },
      },
    );
  };

  const toolbar = (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={1} size="h3">
          {workspaceName}
        </Title>
        {newCount > 0 && (
          <Badge variant="light" radius="xl" data-testid="wall-new-count" className="hw-wall-new-count">
            {t(`feeds.newCount.${pluralForm(lang, newCount)}`, { count: newCount })}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          aria-label={t('feeds.label')}
          aria-describedby={HINT_ID}
          radius="xl"
          size="sm"
          value={kind}
          onChange={(value) => setStored(value as FeedKind)}
          data={[
            { value: 'company', label: t('feeds.company') },
            { value: 'user', label: t('feeds.user') },
          ]}
        />
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          px="xs"
          leftSection={<IconChecks size={18} />}
          loading={marking.isPending}
          disabled={unseen.isSuccess && newCount === 0}
          onClick={markAll}
          aria-label={t('feeds.markAllRead')}
        >
          <Box component="span" visibleFrom="sm">
            {t('feeds.markAllRead')}
          </Box>
        </Button>
        {!wide && (
          <Button
            variant="light"
            size="sm"
            px="xs"
            onClick={() => setDrawer(true)}
            aria-label={t('widgets.open')}
            leftSection={<IconLayoutSidebarRight size={18} />}
          >
            <Box component="span" visibleFrom="xs">
              {t('widgets.open')}
            </Box>
          </Button>
        )}
      </Group>
    </Group>
  );

  const hint = (
    <Text id={HINT_ID} size="xs" c="dimmed" mt={-8}>
      {kind === 'company' ? t('feeds.companyHint') : t('feeds.userHint')}
    </Text>
  );

  return (
    <Stack gap="md">
      {toolbar}
      {hint}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {canWrite && (
              <Composer key={draft?.key ?? 0} feed={kind} onPublished={onPublished} initial={draft?.value} />
            )}
            {canWrite && <ScheduledPosts />}
            <Feed
              kind={kind}
              empty={
                kind === 'user' ? (
                  <MyFeedEmpty
                    onCompany={() => setStored('company')}
                    people={hasFeature('address_book')}
                    groups={hasFeature('groups')}
                  />
                ) : undefined
              }
            />
          </Stack>
        </Grid.Col>
        {wide && (
          <Grid.Col span={4}>
            <Box component="aside" aria-label={t('widgets.label')} className="hw-wall-aside">
              <Widgets enabled={widgetsReady || feedSettled} />
            </Box>
          </Grid.Col>
        )}
      </Grid>
      {!wide && (
        <Drawer
          opened={drawer}
          onClose={() => setDrawer(false)}
          title={t('widgets.label')}
          position="right"
          size="min(100%, 380px)"
          closeButtonProps={{ 'aria-label': t('attachments.close') }}
        >
          <Widgets enabled={widgetsReady || feedSettled} />
        </Drawer>
      )}
    </Stack>
  );
}
