import {
  CITY_MAX,
  GENDERS,
  INTERNAL_PHONE_MAX,
  LONG_TEXT_MAX,
  PHONE_MAX,
  SHORT_NAME_MAX,
  STATUS_TEXT_MAX,
  TELEGRAM_MAX,
  TEXT_MAX,
  type UserDto,
} from '@hallway/shared';
import { Anchor, Divider, Stack } from '@mantine/core';
import dayjs from 'dayjs';
import { phoneLink, telegramLink } from './contacts';
import { type FieldSpec, FieldsForm } from './FieldsForm';
import { useProfileEditMode } from './mode';
import { PasswordCard } from './PasswordCard';
import { usePeopleTexts } from './texts';
import { usePersonSaver } from './usePersonSaver';

const formatDate = (value: string) => dayjs(value).format('LL');
const NAME_RULES = { required: true, maxLength: SHORT_NAME_MAX };

/** The key forces a fresh form when the person changes outside it (a save, a realtime update). */
const formKey = (person: UserDto, fields: FieldSpec[]) =>
  `${person._id}:${fields.map((f) => String(person[f.name] ?? '')).join('\u0001')}`;

function Tab({ person, fields }: { person: UserDto; fields: FieldSpec[] }) {
  const save = usePersonSaver(person);
  const mode = useProfileEditMode();
  return (
    <FieldsForm
      key={formKey(person, fields)}
      person={person}
      fields={fields}
      canEdit={!!person.can?.edit && !person.deletion_mark}
      canEditHr={!!person.can?.editHr}
      onSave={async (changes) => {
        await save(changes);
        mode?.done();
      }}
      onCancel={mode?.done}
    />
  );
}

/** Main: names, birth date, gender, status and about; on one's own profile, the password too. */
export function MainTab({ person, own }: { person: UserDto; own: boolean }) {
  const { t } = usePeopleTexts();
  const fields: FieldSpec[] = [
    { name: 'firstName', label: t('fields.firstName'), rules: NAME_RULES },
    { name: 'lastName', label: t('fields.lastName'), rules: NAME_RULES },
    { name: 'middleName', label: t('fields.middleName'), rules: { maxLength: SHORT_NAME_MAX } },
    { name: 'birthDate', label: t('fields.birthDate'), kind: 'date', display: (v) => dayjs(v).format('D MMMM') },
    {
      name: 'gender',
      label: t('fields.gender'),
      kind: 'select',
      options: GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) })),
    },
    { name: 'statusText', label: t('fields.statusText'), rules: { maxLength: STATUS_TEXT_MAX } },
    { name: 'about', label: t('fields.about'), kind: 'textarea', rules: { maxLength: LONG_TEXT_MAX } },
  ];
  return (
    <Stack gap="lg">
      <Tab person={person} fields={fields} />
      {own && (
        <>
          <Divider />
          <PasswordCard person={person} />
        </>
      )}
    </Stack>
  );
}

/** Extra: the work data HR owns. */
export function ExtraTab({ person }: { person: UserDto }) {
  const { t } = usePeopleTexts();
  const text = (name: FieldSpec['name'], label: string, max = TEXT_MAX): FieldSpec => ({
    name,
    label,
    hr: true,
    rules: { maxLength: max },
  });
  const fields: FieldSpec[] = [
    text('position', t('fields.position')),
    text('department', t('fields.department')),
    text('organization', t('fields.organization')),
    text('cabinet', t('fields.cabinet'), 40),
    { name: 'workingSince', label: t('fields.workingSince'), kind: 'date', hr: true, display: formatDate },
    { name: 'vacationDays', label: t('fields.vacationDays'), kind: 'number', hr: true },
    text('chiefCode', t('fields.chiefCode'), 40),
  ];
  return <Tab person={person} fields={fields} />;
}

/** Contacts: how to reach the person (the read page turns them into actions). */
export function ContactsTab({ person }: { person: UserDto }) {
  const { t } = usePeopleTexts();
  const fields: FieldSpec[] = [
    {
      name: 'email',
      label: t('fields.email'),
      kind: 'email',
      rules: { required: true, email: true, maxLength: TEXT_MAX },
      display: (v) => <Anchor href={`mailto:${v}`}>{v}</Anchor>,
    },
    {
      name: 'phone',
      label: t('fields.phone'),
      rules: { maxLength: PHONE_MAX },
      display: (v) => (phoneLink(v) ? <Anchor href={phoneLink(v)!}>{v}</Anchor> : v),
    },
    { name: 'internalPhone', label: t('fields.internalPhone'), rules: { maxLength: INTERNAL_PHONE_MAX } },
    {
      name: 'telegram',
      label: t('fields.telegram'),
      rules: { maxLength: TELEGRAM_MAX },
      display: (v) =>
        telegramLink(v) ? (
          <Anchor href={telegramLink(v)!} target="_blank" rel="noopener noreferrer">
            {v}
          </Anchor>
        ) : (
          v
        ),
    },
    { name: 'city', label: t('fields.city'), rules: { maxLength: CITY_MAX } },
  ];
  return <Tab person={person} fields={fields} />;
}
