import { Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { copyText } from '../../ui/clipboard';
import { QueryState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { calendarMutations, calendarQueries } from './queries';
import { useCalendarTexts } from './texts';

/** The person's private iCal address (`feedUrl`), to copy into a calendar app, and a way to replace it. */
export function SubscriptionPanel() {
  const { t } = useCalendarTexts();
  const client = useQueryClient();
  const settings = useQuery(calendarQueries.settings());
  const regenerate = useMutation(calendarMutations.regenerateFeed(client));
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="hw-calendar-feed">
      <Stack gap="xs">
        <Title order={2} size="h5" id="hw-calendar-feed">
          {t('feed.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('feed.text')}
        </Text>
        <QueryState query={settings} compactError loading={<Skeleton height={36} radius="md" />}>
          {(data) => (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={t('feed.url')}
                value={data.feedUrl}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: '1 1 260px', minWidth: 0 }}
              />
              <Button
                variant="light"
                leftSection={<IconCopy size={16} />}
                onClick={() =>
                  copyText(data.feedUrl)
                    .then(() => showSuccess(t('feed.copied')))
                    .catch(showError)
                }
              >
                {t('feed.copy')}
              </Button>
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)}>
                {t('feed.regenerate')}
              </Button>
            </Group>
          )}
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('feed.regenerateTitle')}
        message={t('feed.regenerateText')}
        confirmLabel={t('feed.regenerate')}
        danger
        onConfirm={async () => {
          await regenerate.mutateAsync();
          showSuccess(t('feed.regenerated'));
        }}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
