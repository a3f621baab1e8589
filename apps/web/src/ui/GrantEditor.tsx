import {
  AUDIENCES,
  type Audience,
  type AudienceGrantDto,
  GRANT_LEVELS,
  type GrantLevel,
  PERSON_AUDIENCES,
  TENURE_MONTHS_MAX,
  TEXT_AUDIENCES,
  type UserFilters,
} from '@hallway/shared';
import { ActionIcon, Button, Group, NumberInput, Paper, Select, Stack, TagsInput, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/client';
import { useSession } from '../app/session/context';
import { useGrantTexts } from './grants';
import { PeoplePicker, type PickedPerson } from './PeoplePicker';

/** One grant as the editor holds it: the answered shape (`from`/`to` null unless working time). */
export type GrantDraft = AudienceGrantDto;

export interface GrantEditorProps {
  value: GrantDraft[];
  onChange: (grants: GrantDraft[]) => void;
  /** Cards of the people the grants name (the server's answer), for labels in a big workspace. */
  people?: PickedPerson[];
  /** Show the problems of unfinished grants (after a save attempt). */
  showErrors?: boolean;
  /** The levels offered; a module whose objects are only read may leave out `write`. */
  levels?: readonly GrantLevel[];
  disabled?: boolean;
  /** What an empty list means, when the object's default is not "only the owner and administrators"; null: nothing. */
  emptyText?: string | null;
}

const personAudience = (audience: Audience) => (PERSON_AUDIENCES as readonly string[]).includes(audience);
const textAudience = (audience: Audience) => (TEXT_AUDIENCES as readonly string[]).includes(audience);

/** What is still missing in a grant, as a text key (null: the grant is complete). */
export function grantProblem(grant: GrantDraft): 'needValues' | 'badRange' | null {
  if ((personAudience(grant.audience) || textAudience(grant.audience)) && grant.values.length === 0) {
    return 'needValues';
  }
  if (grant.audience === 'working_time') {
    if (grant.from === null && grant.to === null) return 'badRange';
    if (grant.from !== null && grant.to !== null && grant.from > grant.to) return 'badRange';
  }
  return null;
}

/** A new grant of an audience: values only where the audience takes them. */
export function emptyGrant(audience: Audience = 'all', level: GrantLevel = 'read'): GrantDraft {
  return { audience, values: [], from: null, to: null, level };
}

/**
 * Who may read or write an object (spec portal §6 "Access grants on content"): a list of grants, each an audience
 * with its matching picker — people for chosen people, names and heads, departments, cities and positions as
 * multi-selects that take new values, working time as a range of months — and a level. Used by every module whose
 * objects have audiences.
 */
export function GrantEditor({
  value,
  onChange,
  people = [],
  showErrors = false,
  levels = GRANT_LEVELS,
  disabled,
  emptyText,
}: GrantEditorProps) {
  const { t } = useGrantTexts();
  const { client, users } = useSession();
  const clientId = client?._id ?? '';
  const filters = useQuery({
    queryKey: ['people', 'filters', clientId],
    queryFn: async ({ signal }) =>
      (await api<{ result: UserFilters }>(`/api/user/filters/${clientId}`, { signal, local: true })).result,
    enabled: !!clientId,
    staleTime: 5 * 60_000,
  });
  const positions = useMemo(
    () => [...new Set(users.map((user) => user.position?.trim()).filter((p): p is string => !!p))].sort(),
    [users],
  );
  const suggestions: Record<string, string[]> = {
    department: filters.data?.departments ?? [],
    city: filters.data?.cities ?? [],
    position: positions,
  };

  const change = (index: number, patch: Partial<GrantDraft>) =>
    onChange(value.map((grant, i) => (i === index ? { ...grant, ...patch } : grant)));
  const audienceData = AUDIENCES.map((audience) => ({ value: audience, label: t(`kinds.${audience}`) }));
  const levelData = levels.map((level) => ({ value: level, label: t(`levels.${level}`) }));

  return (
    <Stack gap="sm" role="group" aria-label={t('label')}>
      {value.length === 0 && emptyText !== null && (
        <Text size="sm" c="dimmed">
          {emptyText ?? t('empty')}
        </Text>
      )}
      {value.map((grant, index) => {
        const n = index + 1;
        const problem = showErrors ? grantProblem(grant) : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: grants have no id; their place is their identity.
          <Paper key={index} withBorder radius="md" p="sm" role="group" aria-label={t('grant', { n })}>
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="wrap">
                <Select
                  label={t('audience')}
                  data={audienceData}
                  value={grant.audience}
                  allowDeselect={false}
                  disabled={disabled}
                  onChange={(next) => next && change(index, emptyGrant(next as Audience, grant.level))}
                  style={{ flex: '2 1 180px' }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  label={t('level')}
                  data={levelData}
                  value={grant.level}
                  allowDeselect={false}
                  disabled={disabled}
                  onChange={(next) => next && change(index, { level: next as GrantLevel })}
                  style={{ flex: '1 1 120px' }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t('remove', { n })}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              {personAudience(grant.audience) && (
                <PeoplePicker
                  label={grant.audience === 'by_head' ? t('heads') : t('people')}
                  value={grant.values}
                  known={people}
                  disabled={disabled}
                  error={problem ? t(problem) : undefined}
                  onChange={(ids) => change(index, { values: ids })}
                />
              )}
              {textAudience(grant.audience) && (
                <TagsInput
                  label={t(
                    grant.audience === 'department'
                      ? 'departments'
                      : grant.audience === 'city'
                        ? 'cities'
                        : 'positions',
                  )}
                  data={suggestions[grant.audience]}
                  value={grant.values}
                  disabled={disabled}
                  clearable
                  error={problem ? t(problem) : undefined}
                  onChange={(values) => change(index, { values })}
                />
              )}
              {grant.audience === 'working_time' && (
                <Stack gap={4}>
                  <Group gap="xs" grow>
                    <NumberInput
                      label={t('tenureFrom')}
                      min={0}
                      max={TENURE_MONTHS_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                      value={grant.from ?? ''}
                      disabled={disabled}
                      error={problem ? t(problem) : undefined}
                      onChange={(next) => change(index, { from: typeof next === 'number' ? next : null })}
                    />
                    <NumberInput
                      label={t('tenureTo')}
                      min={0}
                      max={TENURE_MONTHS_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                      value={grant.to ?? ''}
                      disabled={disabled}
                      onChange={(next) => change(index, { to: typeof next === 'number' ? next : null })}
                    />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('tenureHint')}
                  </Text>
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between" gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={disabled}
          onClick={() => onChange([...value, emptyGrant()])}
        >
          {t('add')}
        </Button>
        {value.some((grant) => grant.level === 'none') && (
          <Text size="xs" c="dimmed">
            {t('noneWins')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
