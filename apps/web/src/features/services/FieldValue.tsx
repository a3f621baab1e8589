import type { RequestDto, ServiceFieldDto } from '@hallway/shared/services';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDay } from '../../i18n/dates';
import { displayName } from '../../ui/Avatar';
import { FileLinks } from './FilesInput';
import { useServicesTexts } from './texts';

/** A value of a request's field as the page shows it; people, departments and files by the request's `refs`. */
export function FieldValue({
  field,
  value,
  refs,
}: {
  field: ServiceFieldDto;
  value: unknown;
  refs: RequestDto['refs'];
}) {
  const { t, lang } = useServicesTexts();
  const empty = <Text c="dimmed">{t('request.empty')}</Text>;
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return field.type === 'checkbox' ? <Text>{t('request.no')}</Text> : empty;
  }
  switch (field.type) {
    case 'checkbox':
      return <Text>{value === true ? t('request.yes') : t('request.no')}</Text>;
    case 'date':
      return <Text>{formatDay(String(value), lang)}</Text>;
    case 'period': {
      const period = value as { from: string; to: string };
      return <Text>{t('form.period', { from: formatDay(period.from, lang), to: formatDay(period.to, lang) })}</Text>;
    }
    case 'department':
      return <Text>{refs.departments[String(value)]?.name ?? String(value)}</Text>;
    case 'user':
    case 'users': {
      const ids = Array.isArray(value) ? (value as string[]) : [String(value)];
      return (
        <Group gap="xs">
          {ids.map((id, index) => {
            const person = refs.people[id];
            return (
              <Anchor key={id} component={Link} to={`/profile/${id}`} size="sm">
                {person ? displayName(person) : id}
                {index < ids.length - 1 ? ',' : ''}
              </Anchor>
            );
          })}
        </Group>
      );
    }
    case 'file': {
      const files = (value as string[]).map((id) => refs.files[id]).filter((file) => !!file);
      return <FileLinks files={files} />;
    }
    case 'email':
      return (
        <Anchor href={`mailto:${String(value)}`} size="sm">
          {String(value)}
        </Anchor>
      );
    case 'phone':
      return (
        <Anchor href={`tel:${String(value).replace(/[^0-9+]/g, '')}`} size="sm">
          {String(value)}
        </Anchor>
      );
    default:
      return <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(value)}</Text>;
  }
}
