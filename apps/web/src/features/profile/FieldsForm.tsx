import type { UpdateUserBody, UserDto } from '@hallway/shared';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { useValidatedForm } from '../../ui/form';
import { LengthCounter } from '../../ui/ValidatedInput';
import type { InputRules } from '../../ui/validation';
import { usePeopleTexts } from './texts';

type ProfileField = keyof UpdateUserBody & keyof UserDto;

export interface FieldSpec {
  name: ProfileField;
  label: string;
  kind?: 'text' | 'textarea' | 'date' | 'select' | 'number' | 'email';
  rules?: InputRules;
  options?: { value: string; label: string }[];
  /** Owned by HR: only those who may edit HR fields change it. */
  hr?: boolean;
  /** How the read-only view shows a value (a link, a formatted date). */
  display?: (value: string) => ReactNode;
}

const fieldValue = (person: UserDto, name: ProfileField) => {
  const value = person[name];
  return value === null || value === undefined ? '' : String(value);
};

/** The changed fields of a form, typed as the API takes them. */
export function changedFields(person: UserDto, fields: FieldSpec[], values: Record<string, string>): UpdateUserBody {
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    const value = field.kind === 'textarea' ? values[field.name] : values[field.name].trim();
    if (value === fieldValue(person, field.name)) continue;
    changes[field.name] = field.kind === 'number' ? Number(value || 0) : value;
  }
  return changes as UpdateUserBody;
}

export interface FieldsFormProps {
  person: UserDto;
  fields: FieldSpec[];
  canEdit: boolean;
  canEditHr: boolean;
  onSave: (changes: UpdateUserBody) => Promise<unknown>;
  /** Under the fields, in both views. */
  footer?: ReactNode;
  /** Shows a "Cancel" beside "Save" (the profile's edit mode goes back to the page). */
  onCancel?: () => void;
}

/**
 * One profile tab's fields: facts to read, or a form when the server says the caller may edit them (`can.edit`,
 * `can.editHr` for HR-owned fields, which others see disabled). Server field errors land on their fields.
 */
export function FieldsForm({ person, fields, canEdit, canEditHr, onSave, footer, onCancel }: FieldsFormProps) {
  const { t } = usePeopleTexts();
  const { t: common } = useTranslation();
  const editable = (field: FieldSpec) => (field.hr ? canEditHr : canEdit);
  const initial = Object.fromEntries(fields.map((f) => [f.name, fieldValue(person, f.name)]));
  const rules = Object.fromEntries(fields.filter(editable).map((f) => [f.name, f.rules ?? {}]));
  const form = useValidatedForm(initial, rules);

  if (!fields.some(editable)) {
    const shown = fields.filter((f) => fieldValue(person, f.name));
    return (
      <Stack gap="md">
        {shown.length === 0 ? (
          <Text c="dimmed">{t('profile.nothing')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            {shown.map((field) => {
              const value = fieldValue(person, field.name);
              return (
                <Stack
                  gap={2}
                  key={field.name}
                  style={field.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}
                >
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {field.label}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {field.display
                      ? field.display(value)
                      : (field.options?.find((o) => o.value === value)?.label ?? value)}
                  </Text>
                </Stack>
              );
            })}
          </SimpleGrid>
        )}
        {footer}
      </Stack>
    );
  }

  const submit = form.onSubmit(async (values) => {
    const changes = changedFields(person, fields.filter(editable), values as Record<string, string>);
    if (Object.keys(changes).length) await onSave(changes);
    else onCancel?.();
  });

  const input = (field: FieldSpec) => {
    const disabled = !editable(field);
    const common = {
      ...form.field(field.name),
      label: field.label,
      disabled,
      description: disabled ? t('profile.hrOwned') : undefined,
    };
    const max = field.rules?.maxLength;
    const counter =
      !disabled && max !== undefined ? <LengthCounter length={form.values[field.name].length} max={max} /> : undefined;
    switch (field.kind) {
      case 'textarea':
        return (
          <Textarea
            {...common}
            key={field.name}
            autosize
            minRows={3}
            maxRows={10}
            description={counter ?? common.description}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            style={{ gridColumn: '1 / -1' }}
          />
        );
      case 'select':
        return (
          <Select
            key={field.name}
            label={field.label}
            data={field.options ?? []}
            value={form.values[field.name] || null}
            onChange={(value) => form.setValue(field.name, value ?? '')}
            disabled={disabled}
            description={common.description}
            error={common.error}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case 'number':
        return (
          <NumberInput
            key={field.name}
            label={field.label}
            value={form.values[field.name]}
            onChange={(value) => form.setValue(field.name, String(value ?? ''))}
            disabled={disabled}
            description={common.description}
            error={common.error}
            min={0}
            decimalScale={1}
          />
        );
      default:
        return (
          <TextInput
            {...common}
            key={field.name}
            type={field.kind === 'date' ? 'date' : field.kind === 'email' ? 'email' : 'text'}
            description={counter ?? common.description}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        );
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {fields.map(input)}
        </SimpleGrid>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              {common('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={form.submitting}>
            {common('common.save')}
          </Button>
        </Group>
        {footer}
      </Stack>
    </form>
  );
}
