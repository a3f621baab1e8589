import { type ClientDto, INN_LENGTH, LONG_TEXT_MAX, MB, TEXT_MAX } from '@hallway/shared';
import { Alert, Badge, Button, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { translateCode } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { useValidatedForm } from '../../ui/form';
import { showSuccess } from '../../ui/toast';
import { LengthCounter } from '../../ui/ValidatedInput';
import type { ClientInfoChanges } from './api';
import { clientsMutations } from './queries';
import { useClientsTexts } from './texts';

type TextField = 'name' | 'fullName' | 'city' | 'phone' | 'address' | 'director' | 'telegram' | 'inn' | 'comments';

const LIMITS: Record<TextField, number> = {
  name: 120,
  fullName: TEXT_MAX,
  city: 100,
  phone: 40,
  address: TEXT_MAX,
  director: 120,
  telegram: 120,
  inn: INN_LENGTH,
  comments: LONG_TEXT_MAX,
};

const valuesOf = (client: ClientDto) => ({
  name: client.name,
  fullName: client.fullName,
  city: client.city,
  phone: client.phone,
  address: client.address,
  director: client.director,
  telegram: client.telegram,
  inn: client.inn,
  comments: client.comments,
  storageMb: client.storageSize ? String(Math.round(client.storageSize / MB)) : '0',
});

/** The Information tab of a workspace (spec portal §2 "Tabbed screens", Clients): every field, block/activate. */
export function ClientInfoForm({ client, onSaved }: { client: ClientDto; onSaved: (client: ClientDto) => void }) {
  const { t } = useClientsTexts();
  const { t: common } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const form = useValidatedForm(valuesOf(client), {
    name: { required: true, maxLength: LIMITS.name },
    fullName: { maxLength: LIMITS.fullName },
    city: { maxLength: LIMITS.city },
    phone: { maxLength: LIMITS.phone },
    address: { maxLength: LIMITS.address },
    director: { maxLength: LIMITS.director },
    telegram: { maxLength: LIMITS.telegram },
    inn: { pattern: /^\d{10}$/, messages: { pattern: translateCode('inn_invalid') } },
    comments: { maxLength: LIMITS.comments },
  });

  const { mutateAsync: update } = useMutation(clientsMutations.update(useQueryClient()));

  const submit = form.onSubmit(async (values) => {
    const { storageMb, ...texts } = values;
    const changes: ClientInfoChanges = {};
    for (const [key, value] of Object.entries(texts) as [TextField, string][]) {
      if (value.trim() !== client[key]) changes[key] = value.trim();
    }
    const storageSize = Math.max(0, Math.round(Number(storageMb) || 0)) * MB;
    if (storageSize !== client.storageSize) changes.storageSize = storageSize;
    const updated = Object.keys(changes).length ? await update({ id: client._id, changes }) : client;
    showSuccess(common('common.saved'));
    onSaved(updated);
  });

  const blocked = client.status === 'blocked';
  const switchStatus = async () => {
    onSaved(await update({ id: client._id, changes: { status: blocked ? 'active' : 'blocked' } }));
  };

  const text = (name: TextField, label: string) => (
    <CountedTextInput {...form.field(name)} label={label} max={LIMITS[name]} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('accessStatus')}:
            </Text>
            <Badge color={blocked ? 'red' : 'teal'} variant="light">
              {blocked ? t('blocked') : t('active')}
            </Badge>
          </Group>
          <Button
            variant="light"
            color={blocked ? 'teal' : 'red'}
            leftSection={blocked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
            onClick={() => setConfirming(true)}
          >
            {blocked ? t('activate') : t('block')}
          </Button>
        </Group>
        {form.formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.formError}
          </Alert>
        )}
        <TextInput label={t('code')} value={client.workspace} readOnly variant="filled" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('name', t('name'))}
          {text('fullName', t('fullName'))}
          {text('city', t('city'))}
          {text('phone', t('phone'))}
          {text('address', t('address'))}
          {text('director', t('director'))}
          {text('telegram', t('telegram'))}
          <TextInput {...form.field('inn')} label={t('inn')} inputMode="numeric" maxLength={INN_LENGTH} />
          <NumberInput
            label={t('storageSize')}
            description={t('storageHint')}
            value={form.values.storageMb}
            onChange={(value) => form.setValue('storageMb', String(value ?? 0))}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
          />
        </SimpleGrid>
        <Textarea
          {...form.field('comments')}
          label={t('comments')}
          autosize
          minRows={3}
          maxRows={8}
          description={<LengthCounter length={form.values.comments.length} max={LIMITS.comments} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {common('common.save')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={blocked ? t('activateConfirmTitle') : t('blockConfirmTitle')}
        message={
          blocked ? t('activateConfirmText', { name: client.name }) : t('blockConfirmText', { name: client.name })
        }
        confirmLabel={blocked ? t('activate') : t('block')}
        danger={!blocked}
        onConfirm={switchStatus}
      />
    </form>
  );
}
