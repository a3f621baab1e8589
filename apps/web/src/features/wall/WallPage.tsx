import type { PostDto } from '@hallway/shared';
import { Box, Button, Drawer, Grid, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconLayoutSidebarRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { BREAKPOINTS } from '../../app/theme';
import { EmptyState } from '../../ui/States';
import type { FeedKind } from './api';
import { Composer } from './Composer';
import { insertPostInFeed } from './cache';
import { useIncomingDraft } from './congratulate';
import { useWall, WallProvider } from './context';
import { Feed, useFeedQuery } from './Feed';
import { MyFeedEmpty } from './MyFeedEmpty';
import { FEED_KEY } from './queries';
import { ScheduledPosts } from './ScheduledPosts';
import { useWallTexts } from './texts';
import { MarkAllRead, NewCount } from './Unread';
import { Widgets } from './widgets/Widgets';
import './wall.css';

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
  const { t } = useWallTexts();
  const { hasFeature } = useSession();
  const client = useQueryClient();
  const { owners, canWrite } = useWall();
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

  const toolbar = (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={1} size="h3">
          {workspaceName}
        </Title>
        <NewCount kind={kind} />
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
        <MarkAllRead kind={kind} />
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
