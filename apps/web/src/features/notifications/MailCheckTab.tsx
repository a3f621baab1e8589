import type { OutboxMailDto } from '@hallway/shared';
import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck, IconMailOff, IconSend } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session/context';
import { formatDayTime } from '../../i18n/dates';
import { errorText, fieldErrors } from '../../i18n/errors';
import { LoadMore } from '../../ui/LoadMore';
import { EmptyState, QueryState } from '../../ui/States';
import { settingsMutations, settingsQueries } from './settings';
import { useNotificationsTexts } from './texts';

const STATUS_COLOR: Record<OutboxMailDto['status'], string> = { sent: 'teal', kept: 'gray', failed: 'red' };

/** Admin panel "mail check" (portal §2): send a test mail; the workspace's outbox with the status of each mail. */
export function MailCheckTab() {
  const { t, lang } = useNotificationsTexts();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const queryClient = useQueryClient();
  const [to, setTo] = useState('');
  const send = useMutation(settingsMutations.testMail(queryClient, clientId));
  const outbox = useInfiniteQuery(settingsQueries.outbox(clientId));
  const when = (iso: string) => formatDayTime(iso, lang);
  const toError = send.isError ? (fieldErrors(send.error).to ?? null) : null;

  return (
    <Stack gap="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate(to.trim() || undefined);
        }}
      >
        <Stack gap="sm" maw={560}>
          <Text c="dimmed" size="sm">
            {t('mailCheck.intro')}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 220px' }}
              type="email"
              label={t('mailCheck.to')}
              description={t('mailCheck.toHint')}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              error={toError}
            />
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              {t('mailCheck.send')}
            </Button>
          </Group>
          {send.isError && !toError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(send.error)}
            </Alert>
          )}
          {send.data && (
            <Alert
              role="status"
              variant="light"
              color={STATUS_COLOR[send.data.status]}
              icon={send.data.status === 'failed' ? <IconMailOff size={18} /> : <IconMailCheck size={18} />}
            >
              {t(`mailCheck.result.${send.data.status}`, { to: send.data.to })}
              {send.data.error && <Text size="sm">{send.data.error}</Text>}
            </Alert>
          )}
        </Stack>
      </form>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('mailCheck.outbox')}
        </Title>
        <QueryState
          query={outbox}
          isEmpty={(data) => data.pages[0].result.length === 0}
          empty={<EmptyState icon={<IconMailCheck size={28} stroke={1.5} />} title={t('mailCheck.empty')} />}
        >
          {(data) => (
            <Stack gap="sm">
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="xs" striped aria-label={t('mailCheck.outbox')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('mailCheck.columns.created')}</Table.Th>
                      <Table.Th>{t('mailCheck.columns.to')}</Table.Th>
                      <Table.Th>{t('mailCheck.columns.subject')}</Table.Th>
                      <Table.Th>{t('mailCheck.columns.status')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.pages
                      .flatMap((page) => page.result)
                      .map((mail) => (
                        <Table.Tr key={mail._id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(mail.created)}</Table.Td>
                          <Table.Td style={{ wordBreak: 'break-all' }}>{mail.to}</Table.Td>
                          <Table.Td>{mail.subject}</Table.Td>
                          <Table.Td>
                            <Badge color={STATUS_COLOR[mail.status]} variant="light">
                              {t(`mailCheck.statuses.${mail.status}`)}
                            </Badge>
                            {mail.error && (
                              <Text size="xs" c="red">
                                {mail.error}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <LoadMore query={outbox} label={t('more')} variant="light" />
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Stack>
  );
}
