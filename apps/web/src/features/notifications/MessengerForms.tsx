import '@mantine/core/styles/Code.css';
import type {
  MessengerSettingsBody,
  MessengerSettingsDto,
  PersonalMessengersBody,
  PersonalMessengersDto,
  SecretHint,
} from '@hallway/shared';
import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandTelegram, IconCheck, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSession } from '../../app/session/context';
import { errorText, fieldErrors } from '../../i18n/errors';
import { PasswordField } from '../../ui/PasswordField';
import { QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { messengerMutations, messengerQueries } from './messengers';
import { useNotificationsTexts } from './texts';

type Field = 'telegram_token' | 'teams_url' | 'slack_url';

/**
 * One secret field: empty while the stored value is kept (shown as "set, ends with …abcd"), a typed value replaces
 * it, "remove" clears it on save.
 */
function SecretField({
  label,
  hint,
  secret,
  value,
  cleared,
  error,
  password,
  onChange,
  onClear,
}: {
  label: string;
  hint: string;
  secret: SecretHint;
  value: string;
  cleared: boolean;
  error?: string;
  password?: boolean;
  onChange: (value: string) => void;
  onClear: () => void;
}) {
  const { t } = useNotificationsTexts();
  const status = secret.set && !cleared ? t('messengers.isSet', { last4: secret.last4 ?? '' }) : t('messengers.notSet');
  const Input = password ? PasswordField : TextInput;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Input
        style={{ flex: 1, minWidth: 0 }}
        label={label}
        description={`${hint}. ${status}`}
        value={value}
        error={error}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {secret.set && !cleared && (
        <Button
          mt={44}
          variant="subtle"
          color="red"
          px="xs"
          aria-label={t('messengers.remove', { name: label })}
          onClick={onClear}
        >
          <IconTrash size={16} />
        </Button>
      )}
    </Group>
  );
}

/** What a form of secrets sends: typed values, and '' for the ones removed; untouched fields are left out. */
function useSecrets<F extends string>() {
  const [values, setValues] = useState<Partial<Record<F, string>>>({});
  const [cleared, setCleared] = useState<Partial<Record<F, boolean>>>({});
  const body = () => {
    const out: Partial<Record<F, string>> = {};
    for (const [field, value] of Object.entries(values) as [F, string][]) if (value.trim()) out[field] = value.trim();
    for (const [field, on] of Object.entries(cleared) as [F, boolean][]) if (on && !(field in out)) out[field] = '';
    return out;
  };
  const reset = () => {
    setValues({});
    setCleared({});
  };
  return {
    values,
    cleared,
    set: (field: F, value: string) => setValues((v) => ({ ...v, [field]: value })),
    clear: (field: F) => setCleared((c) => ({ ...c, [field]: true })),
    body,
    reset,
    dirty: Object.keys(body()).length > 0,
  };
}

function FormError({ error, fields }: { error: unknown; fields: Record<string, string> }): ReactNode {
  if (!error || Object.keys(fields).length) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {errorText(error)}
    </Alert>
  );
}

/** Admin panel "notification settings": the workspace's Telegram bot and Teams/Slack incoming webhooks. */
export function WorkspaceMessengersForm() {
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const query = useQuery(messengerQueries.workspace(clientId));
  return (
    <QueryState query={query}>
      {(settings) => <WorkspaceMessengers clientId={clientId} settings={settings} />}
    </QueryState>
  );
}

function WorkspaceMessengers({ clientId, settings }: { clientId: string; settings: MessengerSettingsDto }) {
  const { t } = useNotificationsTexts();
  const queryClient = useQueryClient();
  const save = useMutation(messengerMutations.saveWorkspace(queryClient, clientId));
  const form = useSecrets<Field>();
  const fields = save.isError ? fieldErrors(save.error) : {};
  const field = (name: Field, label: string, hint: string, password = false) => (
    <SecretField
      label={label}
      hint={hint}
      secret={settings[name]}
      value={form.values[name] ?? ''}
      cleared={!!form.cleared[name]}
      error={fields[name]}
      password={password}
      onChange={(value) => form.set(name, value)}
      onClear={() => form.clear(name)}
    />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(form.body() as MessengerSettingsBody, {
          onSuccess: () => {
            form.reset();
            showSuccess(t('messengers.saved'));
          },
        });
      }}
    >
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h4">
          {t('messengers.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('messengers.intro')}
        </Text>
        <FormError error={save.error} fields={fields} />
        {field('telegram_token', t('messengers.telegramToken'), t('messengers.telegramTokenHint'), true)}
        {settings.telegram_webhook && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('messengers.webhook')} <Code>{settings.telegram_webhook}</Code>
          </Text>
        )}
        {field('teams_url', t('messengers.teamsUrl'), t('messengers.urlHint'))}
        {field('slack_url', t('messengers.slackUrl'), t('messengers.urlHint'))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.dirty}>
            {t('messengers.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Profile "notifications": the person's Telegram link and their own Teams/Slack webhooks. */
export function PersonalMessengersForm({ userId }: { userId: string }) {
  const query = useQuery(messengerQueries.person(userId));
  return (
    <QueryState query={query}>{(settings) => <PersonalMessengers userId={userId} settings={settings} />}</QueryState>
  );
}

function PersonalMessengers({ userId, settings }: { userId: string; settings: PersonalMessengersDto }) {
  const { t } = useNotificationsTexts();
  const queryClient = useQueryClient();
  const save = useMutation(messengerMutations.savePerson(queryClient, userId));
  const code = useMutation(messengerMutations.telegramCode());
  const unlink = useMutation(messengerMutations.unlinkTelegram(queryClient, userId));
  const form = useSecrets<'teams_url' | 'slack_url'>();
  const fields = save.isError ? fieldErrors(save.error) : {};
  const command = code.data ? `/start ${code.data.code}` : '';
  return (
    <Stack gap="md" maw={640}>
      <Title order={2} size="h4">
        {t('messengers.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('messengers.personIntro')}
      </Text>
      <Stack gap="xs">
        <Text fw={500}>{t('messengers.telegram')}</Text>
        {!settings.telegram_available ? (
          <Text size="sm" c="dimmed">
            {t('messengers.telegramUnavailable')}
          </Text>
        ) : settings.telegram_linked ? (
          <Group gap="sm">
            <Text size="sm">
              <IconCheck size={14} /> {t('messengers.telegramLinked')}
            </Text>
            <Button size="xs" variant="default" loading={unlink.isPending} onClick={() => unlink.mutate()}>
              {t('messengers.telegramUnlink')}
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <Group gap="sm">
              <Text size="sm">{t('messengers.telegramNotLinked')}</Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconBrandTelegram size={16} />}
                loading={code.isPending}
                onClick={() => code.mutate()}
              >
                {t('messengers.telegramGetCode')}
              </Button>
            </Group>
            {code.data && (
              <Alert variant="light" role="status">
                <Stack gap="xs">
                  <Text size="sm">{t('messengers.telegramCode', { command })}</Text>
                  <Group gap="xs">
                    <CopyButton value={command}>
                      {({ copied, copy }) => (
                        <Button size="xs" variant="default" onClick={copy}>
                          {copied ? <IconCheck size={14} /> : <Code>{command}</Code>}
                        </Button>
                      )}
                    </CopyButton>
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => void queryClient.invalidateQueries({ queryKey: ['notifications', 'messengers'] })}
                    >
                      {t('messengers.telegramCheck')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
          </Stack>
        )}
        {(code.isError || unlink.isError) && (
          <Text size="sm" c="red" role="alert">
            {errorText(code.error ?? unlink.error)}
          </Text>
        )}
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(form.body() as PersonalMessengersBody, {
            onSuccess: () => {
              form.reset();
              showSuccess(t('messengers.saved'));
            },
          });
        }}
      >
        <Stack gap="sm">
          <FormError error={save.error} fields={fields} />
          <SecretField
            label={t('messengers.ownTeamsUrl')}
            hint={t('messengers.urlHint')}
            secret={settings.teams_url}
            value={form.values.teams_url ?? ''}
            cleared={!!form.cleared.teams_url}
            error={fields.teams_url}
            onChange={(value) => form.set('teams_url', value)}
            onClear={() => form.clear('teams_url')}
          />
          <SecretField
            label={t('messengers.ownSlackUrl')}
            hint={t('messengers.urlHint')}
            secret={settings.slack_url}
            value={form.values.slack_url ?? ''}
            cleared={!!form.cleared.slack_url}
            error={fields.slack_url}
            onChange={(value) => form.set('slack_url', value)}
            onClear={() => form.clear('slack_url')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.dirty}>
              {t('messengers.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
