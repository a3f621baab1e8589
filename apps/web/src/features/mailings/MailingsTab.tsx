import { MAILING_ACTIONS, type MailingAction, type MailingDto } from '@hallway/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCake, IconCloudUpload, IconMailFast, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSession } from '../../app/session/context';
import { errorText, fieldErrors } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PasswordField } from '../../ui/PasswordField';
import { QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { mailingMutations, mailingQueries } from './api';
import { useMailingsTexts } from './texts';

const ICONS: Record<MailingAction, typeof IconCake> = {
  birthday_greetings: IconCake,
  weekly_digest: IconMailFast,
  people_export: IconCloudUpload,
};
const PRESETS = { daily: '0 9 * * *', weekly: '0 9 * * 1', nightly: '0 3 * * *' } as const;
const DEFAULTS: Record<MailingAction, string> = {
  birthday_greetings: PRESETS.daily,
  weekly_digest: PRESETS.weekly,
  people_export: PRESETS.nightly,
};
type Preset = keyof typeof PRESETS | 'custom';
const presetOf = (schedule: string): Preset =>
  (Object.keys(PRESETS) as (keyof typeof PRESETS)[]).find((key) => PRESETS[key] === schedule) ?? 'custom';

/**
 * Admin panel "mailings" (modules §3 "Mailing"): a card per action — set it up, switch it on and off, change its
 * schedule (presets or cron), see when it runs next and what its last run did; the export also runs on demand.
 */
export function MailingsTab() {
  const { t } = useMailingsTexts();
  const { client } = useSession();
  const workspace = client?.workspace ?? '';
  const mailings = useQuery(mailingQueries.list(workspace));
  return (
    <QueryState query={mailings} loading={<SkeletonRows rows={3} height={140} />}>
      {(list) => (
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {t('intro', { zone: list[0]?.timeZone ?? client?.settings.timeZone ?? 'UTC' })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
            {MAILING_ACTIONS.map((action) => (
              <MailingCard
                key={`${action}:${list.find((m) => m.action === action)?._id ?? ''}`}
                action={action}
                mailing={list.find((m) => m.action === action) ?? null}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </QueryState>
  );
}

function MailingCard({ action, mailing }: { action: MailingAction; mailing: MailingDto | null }) {
  const { t, lang } = useMailingsTexts();
  const workspace = useSession().client?.workspace ?? '';
  const queryClient = useQueryClient();
  const create = useMutation(mailingMutations.create(queryClient, workspace));
  const update = useMutation(mailingMutations.update(queryClient, workspace));
  const remove = useMutation(mailingMutations.remove(queryClient, workspace));
  const exportNow = useMutation(mailingMutations.exportNow());
  const [editing, setEditing] = useState(!!mailing);
  const [schedule, setSchedule] = useState(mailing?.schedule ?? DEFAULTS[action]);
  const [preset, setPreset] = useState<Preset>(presetOf(schedule));
  const [url, setUrl] = useState(mailing?.target?.url ?? '');
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const Icon = ICONS[action];
  const name = t(`actions.${action}`);
  const when = (iso: string) => new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const exporting = action === 'people_export';

  const flags = (saved: { started?: boolean; stopped?: boolean; restarted?: boolean }) =>
    saved.restarted ? t('restarted') : saved.stopped ? t('stoppedDone') : saved.started ? t('started') : t('saved');

  const fail = (error: unknown) => {
    const fields = fieldErrors(error);
    setErrors(fields);
    setProblem(Object.keys(fields).length ? null : errorText(error));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    const target = exporting ? { url: url.trim(), ...(key.trim() ? { key: key.trim() } : {}) } : undefined;
    try {
      const saved = mailing
        ? await update.mutateAsync({ id: mailing._id, schedule: schedule.trim(), ...(target ? { target } : {}) })
        : await create.mutateAsync({ action, schedule: schedule.trim(), active: true, ...(target ? { target } : {}) });
      setKey('');
      showSuccess(flags(saved));
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid={`mailing-${action}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size={40} radius="md">
              <Icon size={22} />
            </ThemeIcon>
            <Title order={2} size="h5">
              {name}
            </Title>
          </Group>
          <Badge
            variant="light"
            color={!mailing ? 'gray' : mailing.active ? 'teal' : 'yellow'}
            style={{ flexShrink: 0 }}
          >
            {!mailing ? t('notSet') : mailing.active ? t('active') : t('stopped')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`about.${action}`)}
        </Text>
        {mailing && (
          <Stack gap={2}>
            <Text size="sm">{mailing.next_run ? t('next', { when: when(mailing.next_run) }) : t('stopped')}</Text>
            <Text size="sm" c={mailing.last_result?.ok === false ? 'red' : 'dimmed'}>
              {mailing.last_run && mailing.last_result
                ? `${t('last', { when: when(mailing.last_run) })} — ${
                    mailing.last_result.ok
                      ? t('lastOk', { count: mailing.last_result.count })
                      : t('lastFailed', { error: mailing.last_result.error ?? '' })
                  }`
                : t('never')}
            </Text>
          </Stack>
        )}
        {!editing ? (
          <Group mt="auto">
            <Button variant="light" onClick={() => setEditing(true)}>
              {t('setUp')}
            </Button>
          </Group>
        ) : (
          <form onSubmit={submit} noValidate aria-label={name}>
            <Stack gap="sm">
              {mailing && (
                <Switch
                  label={t('switch', { name })}
                  checked={mailing.active}
                  disabled={update.isPending}
                  onChange={(event) =>
                    update.mutate(
                      { id: mailing._id, active: event.currentTarget.checked },
                      { onSuccess: (saved) => showSuccess(flags(saved)), onError: showError },
                    )
                  }
                />
              )}
              <Select
                label={t('preset')}
                data={(['daily', 'weekly', 'nightly', 'custom'] as const).map((value) => ({
                  value,
                  label: t(`presets.${value}`),
                }))}
                value={preset}
                allowDeselect={false}
                onChange={(value) => {
                  const next = (value ?? 'custom') as Preset;
                  setPreset(next);
                  if (next !== 'custom') setSchedule(PRESETS[next]);
                }}
                comboboxProps={{ withinPortal: true }}
              />
              {preset === 'custom' && (
                <TextInput
                  label={t('cron')}
                  description={t('cronHint')}
                  value={schedule}
                  onChange={(event) => setSchedule(event.currentTarget.value)}
                  error={errors.schedule}
                  ff="monospace"
                  required
                />
              )}
              {preset !== 'custom' && errors.schedule && (
                <Text size="sm" c="red">
                  {errors.schedule}
                </Text>
              )}
              {exporting && (
                <>
                  <TextInput
                    label={t('url')}
                    type="url"
                    placeholder="https://"
                    value={url}
                    onChange={(event) => setUrl(event.currentTarget.value)}
                    error={errors['target.url']}
                    required
                  />
                  <PasswordField
                    label={t('key')}
                    description={mailing?.target?.key_set ? t('keySaved') : undefined}
                    value={key}
                    onChange={(event) => setKey(event.currentTarget.value)}
                    error={errors['target.key']}
                    autoComplete="off"
                  />
                </>
              )}
              {problem && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {problem}
                </Alert>
              )}
              <Group gap="sm" justify="flex-end" wrap="wrap">
                {mailing && (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setConfirm(true)}
                  >
                    {t('remove')}
                  </Button>
                )}
                {!mailing && (
                  <Button variant="default" onClick={() => setEditing(false)}>
                    {t('cancel')}
                  </Button>
                )}
                {exporting && mailing && (
                  <Button
                    variant="light"
                    loading={exportNow.isPending}
                    onClick={() =>
                      exportNow.mutate(undefined, {
                        onSuccess: (count) => showSuccess(t('exported', { count })),
                        onError: showError,
                      })
                    }
                  >
                    {t('exportNow')}
                  </Button>
                )}
                <Button
                  type="submit"
                  loading={create.isPending || (update.isPending && update.variables?.schedule !== undefined)}
                >
                  {t('save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
      {mailing && (
        <ConfirmDialog
          opened={confirm}
          title={t('removeTitle')}
          message={t('removeText', { name })}
          confirmLabel={t('remove')}
          danger
          onConfirm={async () => {
            await remove.mutateAsync(mailing._id);
            showSuccess(t('removed'));
          }}
          onClose={() => setConfirm(false)}
        />
      )}
    </Card>
  );
}
