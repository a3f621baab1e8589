import type { UserDto } from '@hallway/shared';
import { Anchor, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandTelegram, IconMail, IconPhone, IconPhoneCall } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { contactLinks, phoneLink } from './contacts';
import { safeLink } from './media';
import { usePeopleTexts } from './texts';

interface Fact {
  key: string;
  label: string;
  value: ReactNode;
}

/** Facts with a value only: an empty field is simply not shown. */
const present = (facts: (Fact | false | null | undefined | '')[]): Fact[] =>
  facts.filter((fact): fact is Fact => !!fact);

const isDate = (value: string | null | undefined): value is string => !!value && dayjs(value).isValid();

/**
 * The read side of a profile (issue 12 "a profile page, not a form"): contacts as actions, about, and the facts as a
 * definition list. Empty fields leave no label behind; editing is a separate mode of the page.
 */
export function ProfileView({ person }: { person: UserDto }) {
  const { t } = usePeopleTexts();
  const links = contactLinks(person);
  const internal = phoneLink(person.internalPhone);
  const social = Object.entries(person.social ?? {}).filter(([, value]) => value.trim());

  const contacts = present([
    person.email && {
      key: 'email',
      label: t('fields.email'),
      value: links.mail ? <Anchor href={links.mail}>{person.email}</Anchor> : person.email,
    },
    person.phone && {
      key: 'phone',
      label: t('fields.phone'),
      value: links.phone ? <Anchor href={links.phone}>{person.phone}</Anchor> : person.phone,
    },
    person.internalPhone && {
      key: 'internalPhone',
      label: t('fields.internalPhone'),
      value: internal ? <Anchor href={internal}>{person.internalPhone}</Anchor> : person.internalPhone,
    },
    person.telegram && {
      key: 'telegram',
      label: t('fields.telegram'),
      value: links.telegram ? (
        <Anchor href={links.telegram} target="_blank" rel="noopener noreferrer">
          {person.telegram}
        </Anchor>
      ) : (
        person.telegram
      ),
    },
    ...social.map(([network, value]) => {
      const href = safeLink(value);
      return {
        key: `social:${network}`,
        label: network,
        value: href ? (
          <Anchor href={href} target="_blank" rel="noopener noreferrer">
            {value}
          </Anchor>
        ) : (
          value
        ),
      };
    }),
  ]);

  const work = present([
    person.organization && { key: 'organization', label: t('fields.organization'), value: person.organization },
    person.cabinet && { key: 'cabinet', label: t('fields.cabinet'), value: person.cabinet },
    person.city && { key: 'city', label: t('fields.city'), value: person.city },
    isDate(person.workingSince) && {
      key: 'workingSince',
      label: t('fields.workingSince'),
      value: dayjs(person.workingSince).format('LL'),
    },
    // Day and month only: the year stays the person's own.
    isDate(person.birthDate) && {
      key: 'birthDate',
      label: t('profile.birthday'),
      value: dayjs(person.birthDate).format('D MMMM'),
    },
  ]);

  const actions = (links.mail || links.phone || internal || links.telegram) && (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('profile.contactActions')}>
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
      {internal && (
        <Button component="a" href={internal} variant="light" size="xs" leftSection={<IconPhoneCall size={14} />}>
          {t('profile.callInternal')}
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
  );

  const about = person.about.trim();
  if (!actions && !about && contacts.length === 0 && work.length === 0) {
    return (
      <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Text c="dimmed">{t('profile.noAbout')}</Text>
      </Card>
    );
  }

  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="profile-view">
      <Stack gap="lg">
        {actions}
        {about && (
          <Stack gap={4} component="section" aria-labelledby="profile-about">
            <Title order={2} size="h4" id="profile-about">
              {t('fields.about')}
            </Title>
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{about}</Text>
          </Stack>
        )}
        {(contacts.length > 0 || work.length > 0) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {contacts.length > 0 && <FactList title={t('profile.contacts')} facts={contacts} id="profile-contacts" />}
            {work.length > 0 && <FactList title={t('profile.work')} facts={work} id="profile-work" />}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** A titled `<dl>`: screen readers announce each label with its value. */
function FactList({ title, facts, id }: { title: string; facts: Fact[]; id: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Box component="dl" m={0} style={{ display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
        {facts.map((fact) => (
          <Box key={fact.key}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {fact.label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {fact.value}
            </Text>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
