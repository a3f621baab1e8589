import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationSection,
  type NotificationSettingsBody,
  type NotificationSettingsDto,
} from '@hallway/shared';
import { Alert, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCatalogues } from '../../i18n/catalogues';
import { errorText } from '../../i18n/errors';
import { TableSkeleton } from '../../ui/Skeletons';
import { showSuccess } from '../../ui/toast';
import { settingsMutations } from './settings';
import { useNotificationsTexts } from './texts';

type Matrix = Record<string, NotificationChannel[]>;

const matrixOf = (settings: NotificationSettingsDto, pick: 'channel' | 'default'): Matrix =>
  Object.fromEntries(
    settings.notifications.map((row) => [
      row.name,
      NOTIFICATION_CHANNELS.filter((channel) => row[pick].includes(channel)),
    ]),
  );

/**
 * The matrix notification × channel (modules §3): a person's overrides (`scope` person: only their own) or the
 * workspace's defaults (administrators). Nothing is saved until "Save"; "Restore defaults" brings back the fallbacks.
 */
export function SettingsMatrix({
  settings,
  scope,
}: {
  settings: NotificationSettingsDto;
  scope: 'person' | 'workspace';
}) {
  const { t } = useNotificationsTexts();
  const { ready, notificationLabel } = useCatalogues();
  const queryClient = useQueryClient();
  const save = useMutation(settingsMutations.save(queryClient));
  const [matrix, setMatrix] = useState<Matrix>(() => matrixOf(settings, 'channel'));
  const saved = matrixOf(settings, 'channel');
  const defaults = matrixOf(settings, 'default');
  const same = (a: Matrix, b: Matrix) =>
    settings.notifications.every((row) => (a[row.name] ?? []).join() === (b[row.name] ?? []).join());

  const toggle = (code: string, channel: NotificationChannel, on: boolean) =>
    setMatrix((current) => {
      const now = new Set(current[code] ?? []);
      if (on) now.add(channel);
      else now.delete(channel);
      return { ...current, [code]: NOTIFICATION_CHANNELS.filter((c) => now.has(c)) };
    });

  const submit = () => {
    const body: NotificationSettingsBody = {
      ...(scope === 'workspace' ? { client_id: settings.client_id } : { user_id: settings.user_id ?? undefined }),
      notifications: settings.notifications.map((row) => ({ name: row.name, channel: matrix[row.name] ?? [] })),
    };
    save.mutate(body, {
      onSuccess: (answer) => {
        setMatrix(matrixOf(answer, 'channel'));
        showSuccess(t('settings.saved'));
      },
    });
  };

  if (!ready) return <TableSkeleton rows={settings.notifications.length} />;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t(scope === 'person' ? 'settings.introPerson' : 'settings.introWorkspace')}
      </Text>
      {save.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(save.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" striped highlightOnHover aria-label={t('settings.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.notification')}</Table.Th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <Table.Th key={channel} ta="center" w={80} px={4}>
                  {t(`settings.channels.${channel}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settings.notifications.map((row) => {
              const name = notificationLabel(row.name);
              return (
                <Table.Tr key={row.name}>
                  <Table.Td>
                    <Text size="sm">{name}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`sections.${row.section as NotificationSection}`)}
                    </Text>
                  </Table.Td>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <Table.Td key={channel} px={4}>
                      <Group justify="center">
                        <Checkbox
                          aria-label={t('settings.cell', {
                            notification: name,
                            channel: t(`settings.channels.${channel}`),
                          })}
                          checked={(matrix[row.name] ?? []).includes(channel)}
                          onChange={(event) => toggle(row.name, channel, event.currentTarget.checked)}
                        />
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" disabled={same(matrix, defaults)} onClick={() => setMatrix(defaults)}>
          {t('settings.restore')}
        </Button>
        <Button loading={save.isPending} disabled={same(matrix, saved)} onClick={submit}>
          {t('settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
