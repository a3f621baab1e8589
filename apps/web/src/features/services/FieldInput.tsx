import type { StoredFile } from '@hallway/shared';
import {
  SERVICE_FILES_MAX,
  SERVICE_STRING_MAX,
  SERVICE_TEXT_MAX,
  SERVICE_USERS_MAX,
  type ServiceFieldDto,
} from '@hallway/shared/services';
import { Checkbox, Group, Input, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { DayInput } from '../../ui/DayInput';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { LengthCounter } from '../../ui/ValidatedInput';
import { useDepartmentOptions } from './departments';
import { FilesInput } from './FilesInput';
import { useServicesTexts } from './texts';

/** What the form holds for a field while it is being filled (files as their cards, for their names). */
export type DraftValue = string | number | boolean | string[] | StoredFile[] | { from: string; to: string } | null;

/** A field's empty value, by type. */
export function emptyValue(field: ServiceFieldDto): DraftValue {
  switch (field.type) {
    case 'checkbox':
      return false;
    case 'users':
    case 'file':
      return [];
    case 'period':
      return { from: '', to: '' };
    case 'number':
    case 'date':
    case 'select':
    case 'department':
    case 'user':
      return null;
    default:
      return '';
  }
}

const PHONE = /^[0-9 +()./-]{5,40}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a value counts as empty (as the server's `service_field_required` sees it). */
export function isEmptyValue(value: DraftValue): boolean {
  if (value === null || value === false || value === '') return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return !value.from && !value.to;
  return false;
}

/** The client's own checks of a value, as a text key of `form.*` / `designer.errors.*` or null. */
export function valueProblem(field: ServiceFieldDto, value: DraftValue): string | null {
  if (isEmptyValue(value)) return field.required ? 'required' : null;
  if (field.type === 'phone' && typeof value === 'string') {
    const digits = value.replace(/\D/g, '').length;
    if (!PHONE.test(value.trim()) || digits < 5) return 'phone';
  }
  if (field.type === 'email' && typeof value === 'string' && !EMAIL.test(value.trim())) return 'email';
  if (field.type === 'period' && value && typeof value === 'object' && !Array.isArray(value)) {
    if (!value.from || !value.to || value.from > value.to) return 'period';
  }
  return null;
}

/** The value as the server takes it (`POST api/bp/start` `fields`). */
export function wireValue(field: ServiceFieldDto, value: DraftValue): unknown {
  if (isEmptyValue(value)) return field.type === 'checkbox' ? false : null;
  if (field.type === 'file') return (value as StoredFile[]).map((file) => file._id);
  if (typeof value === 'string') return value.trim();
  return value;
}

/** One field of a request form with the input its type takes (modules §5, docs/api.md "Services" field types). */
export function FieldInput({
  field,
  value,
  onChange,
  error,
  people,
}: {
  field: ServiceFieldDto;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  error?: string | null;
  people?: PickedPerson[];
}) {
  const { t } = useServicesTexts();
  const departments = useDepartmentOptions(field.type === 'department');
  const common = { label: field.name, required: field.required, error, 'data-field': field.key };
  switch (field.type) {
    case 'string':
    case 'phone':
    case 'email': {
      const text = (value as string) ?? '';
      return (
        <TextInput
          {...common}
          type={field.type === 'phone' ? 'tel' : field.type === 'email' ? 'email' : 'text'}
          autoComplete={field.type === 'phone' ? 'tel' : field.type === 'email' ? 'email' : undefined}
          value={text}
          maxLength={field.type === 'string' ? SERVICE_STRING_MAX : 254}
          onChange={(event) => onChange(event.currentTarget.value)}
          description={
            field.type === 'string' ? <LengthCounter length={text.length} max={SERVICE_STRING_MAX} /> : undefined
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      );
    }
    case 'text': {
      const text = (value as string) ?? '';
      return (
        <Textarea
          {...common}
          value={text}
          autosize
          minRows={3}
          maxLength={SERVICE_TEXT_MAX}
          onChange={(event) => onChange(event.currentTarget.value)}
          description={<LengthCounter length={text.length} max={SERVICE_TEXT_MAX} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      );
    }
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          maw={260}
        />
      );
    case 'date':
      return <DayInput {...common} value={(value as string | null) ?? null} onChange={onChange} maw={260} />;
    case 'period': {
      const period = (value as { from: string; to: string } | null) ?? { from: '', to: '' };
      return (
        <Input.Wrapper label={field.name} required={field.required} error={error}>
          <Group gap="sm" mt={4} wrap="wrap">
            <DayInput
              label={t('form.from')}
              value={period.from || null}
              maxDate={period.to || null}
              onChange={(from) => onChange({ ...period, from: from ?? '' })}
              maw={200}
              aria-label={`${field.name}: ${t('form.from')}`}
            />
            <DayInput
              label={t('form.to')}
              value={period.to || null}
              minDate={period.from || null}
              onChange={(to) => onChange({ ...period, to: to ?? '' })}
              maw={200}
              aria-label={`${field.name}: ${t('form.to')}`}
            />
          </Group>
        </Input.Wrapper>
      );
    }
    case 'select':
      return (
        <Select
          {...common}
          data={field.options}
          value={(value as string | null) ?? null}
          onChange={onChange}
          placeholder={t('form.choose')}
          clearable={!field.required}
          allowDeselect={!field.required}
          maw={420}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={field.name}
          required={field.required}
          error={error}
          data-field={field.key}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'file':
      return (
        <FilesInput
          label={field.name}
          required={field.required}
          error={error}
          max={SERVICE_FILES_MAX}
          value={(value as StoredFile[]) ?? []}
          onChange={onChange}
        />
      );
    case 'department':
      return (
        <Select
          {...common}
          data={departments.options}
          value={(value as string | null) ?? null}
          onChange={onChange}
          searchable
          clearable={!field.required}
          placeholder={t('form.choose')}
          maw={420}
        />
      );
    case 'user':
    case 'users': {
      const ids = field.type === 'user' ? (value ? [value as string] : []) : ((value as string[]) ?? []);
      return (
        <PeoplePicker
          {...common}
          value={ids}
          known={people}
          maxValues={field.type === 'user' ? 1 : SERVICE_USERS_MAX}
          onChange={(next) => onChange(field.type === 'user' ? (next.at(-1) ?? null) : next)}
        />
      );
    }
  }
}
