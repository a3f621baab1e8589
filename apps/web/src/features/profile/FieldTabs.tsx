import { GENDERS, LONG_TEXT_MAX, SHORT_NAME_MAX, TEXT_MAX, type UserDto } from '@hallway/shared';
import { Anchor, Button, Group } from '@mantine/core';
import { IconBrandTelegram, IconMail, IconPhone } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { contactLinks, phoneLink, telegramLink } from '../addressBook/contacts';
import { type FieldSpec, FieldsForm } from './FieldsForm';
import { usePeopleTexts } from './texts';
import { usePersonSaver } from './usePersonSaver';

const formatDate = (value: string) => dayjs(value).format('LL');
const NAME_RULES = { required: true, maxLength: SHORT_NAME_MAX };

/** The key forces a fresh form when the person changes outside it (a save, a realtime update). */
const formKey = (person: UserDto, fields: FieldSpec[]) =>
  `${person._id}:${fields.map((f) => String(person[f.name] ?? '')).join('\u0001')}`;

function Tab({ person, fields }: { person: UserDto; fields: FieldSpec[] }) {
  const save = usePersonSaver(person);
  return (
    <FieldsForm
      key={formKey(person, fields)}
      person={person}
      fields={fields}
      canEdit={!!person.can?.edit && !person.deletion_mark}
      canEditHr={!!person.can?.editHr}
      onSave={save}
    />
  );
}

/** Main: names, birth date, gender, status and about. */
export function MainTab({ person }: { person: UserDto }) {
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
    { name: 'statusText', label: t('fields.statusText'), rules: { maxLength: 140 } },
    { name: 'about', label: t('fields.about'), kind: 'textarea', rules: { maxLength: LONG_TEXT_MAX } },
  ];
  return <Tab person={person} fields={fields} />;
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

/** Contacts: how to reach the person, with the actions that do it. */
export function ContactsTab({ person }: { person: UserDto }) {
  const { t } = usePeopleTexts();
  const links = contactLinks(person);
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
      rules: { maxLength: 40 },
      display: (v) => (phoneLink(v) ? <Anchor href={phoneLink(v)!}>{v}</Anchor> : v),
    },
    { name: 'internalPhone', label: t('fields.internalPhone'), rules: { maxLength: 20 } },
    {
      name: 'telegram',
      label: t('fields.telegram'),
      rules: { maxLength: 64 },
      display: (v) =>
        telegramLink(v) ? (
          <Anchor href={telegramLink(v)!} target="_blank" rel="noopener noreferrer">
            {v}
          </Anchor>
        ) : (
          v
        ),
    },
    { name: 'city', label: t('fields.city'), rules: { maxLength: 100 } },
  ];
  return (
    <>
      {(links.mail || links.phone || links.telegram) && (
        <Group gap="xs" mb="md" wrap="wrap">
          {links.mail && (
            <Button component="a" href={links.mail} variant="light" size="xs" leftSection={<IconMail size={14} />}>
              {t('profile.writeEmail')}
            </Button>
          )}
          {links.phone && (
            <Button component="a" href={links.phone} variant="light" size="xs" leftSection={<IconPhone size={14} />}>
              {t('profile.call')}
            </Button>
          )}
          {links.telegram && (
            <Button
              component="a"
              href={links.telegram}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              size="xs"
              leftSection={<IconBrandTelegram size={14} />}
            >
              {t('profile.openTelegram')}
            </Button>
          )}
        </Group>
      )}
      <Tab person={person} fields={fields} />
    </>
  );
}
