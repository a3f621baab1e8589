import { type ClientDto, INN_LENGTH, LANGS, TEXT_MAX } from '@hallway/shared';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { featureOffered, offeredStartPages } from '../../app/features';
import { useTranslation } from '../../i18n';
import { errorText, translateCode } from '../../i18n/errors';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { useValidatedForm } from '../../ui/form';
import type { WorkspaceChanges } from '../profile';
import { usePeopleTexts } from '../profile';
import { useEmployeesTexts } from './texts';

type Save = (changes: WorkspaceChanges) => Promise<void>;

/** Other settings: start page, language, open registration, the mood meter (once built). Each control saves at once. */
export function SettingsTab({ workspace, onSaved }: { workspace: ClientDto; onSaved: Save }) {
  const { t } = usePeopleTexts();
  const [problem, setProblem] = useState<string | null>(null);
  // Switches move at once; the saved workspace (or a failure) settles them.
  const bulkTexts = useEmployeesTexts();
  const [pending, setPending] = useState<{
    openRegistration?: boolean;
    registrationApproval?: boolean;
    hideMoodMeter?: boolean;
  }>({});
  const settings = { ...workspace.settings, ...pending };
  const save = (changes: WorkspaceChanges) => {
    setProblem(null);
    setPending((current) => ({ ...current, ...changes.settings }));
    onSaved(changes)
      .catch((err) => setProblem(errorText(err)))
      .finally(() => setPending({}));
  };
  return (
    <Stack gap="lg" maw={560}>
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      <Select
        label={t('employees.startPage')}
        data={offeredStartPages(workspace).map((page) => ({ value: page, label: t(`employees.startPages.${page}`) }))}
        value={workspace.start_page}
        onChange={(value) => value && save({ start_page: value as ClientDto['start_page'] })}
        allowDeselect={false}
      />
      <Select
        label={t('employees.language')}
        data={LANGS.map((lang) => ({ value: lang, label: t(`employees.languages.${lang}`) }))}
        value={workspace.lang}
        onChange={(value) => value && save({ lang: value as ClientDto['lang'] })}
        allowDeselect={false}
      />
      <Switch
        label={t('employees.openRegistration')}
        description={t('employees.openRegistrationHint')}
        checked={settings.openRegistration}
        onChange={(event) => save({ settings: { openRegistration: event.currentTarget.checked } })}
      />
      <Switch
        label={bulkTexts.t('registrationApproval')}
        description={bulkTexts.t('registrationApprovalHint')}
        checked={settings.registrationApproval}
        disabled={!settings.openRegistration}
        onChange={(event) => save({ settings: { registrationApproval: event.currentTarget.checked } })}
      />
      {featureOffered('mood', workspace) && (
        <Switch
          label={t('employees.hideMoodMeter')}
          checked={settings.hideMoodMeter}
          onChange={(event) => save({ settings: { hideMoodMeter: event.currentTarget.checked } })}
        />
      )}
    </Stack>
  );
}

const LIMITS = { name: 120, fullName: TEXT_MAX, city: 100, phone: 40, address: TEXT_MAX, director: 120, telegram: 120 };
type TextField = keyof typeof LIMITS;

/** Company data: the workspace fields an administrator may edit (status and storage stay with the superadmin). */
export function CompanyTab({ workspace, onSaved }: { workspace: ClientDto; onSaved: Save }) {
  const { t } = usePeopleTexts();
  const { t: common } = useTranslation();
  const initial = {
    name: workspace.name,
    fullName: workspace.fullName,
    city: workspace.city,
    phone: workspace.phone,
    address: workspace.address,
    director: workspace.director,
    telegram: workspace.telegram,
    inn: workspace.inn,
  };
  const form = useValidatedForm(initial, {
    name: { required: true, maxLength: LIMITS.name },
    fullName: { maxLength: LIMITS.fullName },
    city: { maxLength: LIMITS.city },
    phone: { maxLength: LIMITS.phone },
    address: { maxLength: LIMITS.address },
    director: { maxLength: LIMITS.director },
    telegram: { maxLength: LIMITS.telegram },
    inn: { pattern: new RegExp(`^\\d{${INN_LENGTH}}$`), messages: { pattern: translateCode('inn_invalid') } },
  });
  const submit = form.onSubmit(async (values) => {
    const changes: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      if (value.trim() !== initial[key as keyof typeof initial]) changes[key] = value.trim();
    }
    await onSaved(changes);
  });
  const text = (name: TextField, label: string) => (
    <CountedTextInput {...form.field(name)} label={label} max={LIMITS[name]} />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('name', t('employees.companyName'))}
          {text('fullName', t('employees.fullName'))}
          {text('city', t('fields.city'))}
          {text('phone', t('fields.phone'))}
          {text('address', t('employees.address'))}
          {text('director', t('employees.director'))}
          {text('telegram', t('employees.companyTelegram'))}
          <TextInput {...form.field('inn')} label={t('fields.inn')} inputMode="numeric" maxLength={INN_LENGTH} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {common('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
