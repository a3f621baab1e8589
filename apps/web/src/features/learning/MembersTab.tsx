import type { CourseMemberDto } from '@hallway/shared/learning';
import { COURSE_SEARCH_MAX, type CourseDto, LEARNER_STATUSES, type LearnerStatus } from '@hallway/shared/learning';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '../../i18n/dates';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadMore } from '../../ui/LoadMore';
import { TableSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { AssignModal } from './AssignModal';
import { LearnerBadge } from './format';
import { learningMutations, learningQueries } from './queries';
import { useLearningTexts } from './texts';

/**
 * The course's participants for its managers (modules §2 "participants"): each with their status, progress, due date
 * (overdue marked), best test score; filtered by status, searched, paged; assigning people and audiences, removing.
 */
export default function MembersTab({ course }: { course: CourseDto }) {
  const { t, lang } = useLearningTexts();
  const queries = useQueryClient();
  const [status, setStatus] = useState<LearnerStatus | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useInfiniteQuery(
    learningQueries.members(course._id, { status: status ?? undefined, search: debounced || undefined }),
  );
  const remove = useMutation(learningMutations.removeMember(queries, course._id));
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<CourseMemberDto | null>(null);
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label={t('courses.members.search')}
          placeholder={t('courses.members.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={COURSE_SEARCH_MAX}
          type="search"
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 200px' }}
        />
        <Select
          aria-label={t('courses.members.status')}
          placeholder={t('courses.members.anyStatus')}
          data={LEARNER_STATUSES.map((value) => ({ value, label: t(`courses.learner.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(value as LearnerStatus | null)}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAssigning(true)}>
          {t('courses.members.assign')}
        </Button>
      </Group>
      <QueryState
        query={query}
        loading={<TableSkeleton rows={5} label={t('courses.members.loading')} />}
        isEmpty={(data) => data.pages[0]?.result.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg">
            <EmptyState
              icon={<IconUsers size={28} stroke={1.5} />}
              title={t('courses.members.emptyTitle')}
              description={t('courses.members.emptyText')}
            />
          </Paper>
        }
      >
        {(data) => (
          <Stack gap="sm" aria-busy={query.isPlaceholderData}>
            <Text size="sm" c="dimmed">
              {t('courses.members.total', { count: total })}
            </Text>
            <Paper withBorder radius="md">
              <ScrollArea type="auto">
                <Table verticalSpacing="sm" className="hw-members-table" aria-label={t('courses.members.label')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('courses.members.person')}</Table.Th>
                      <Table.Th>{t('courses.members.state')}</Table.Th>
                      <Table.Th>{t('courses.members.progress')}</Table.Th>
                      <Table.Th>{t('courses.members.due')}</Table.Th>
                      <Table.Th>{t('courses.members.score')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('courses.members.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.pages.flatMap((page) =>
                      page.result.map((member) => (
                        <Table.Tr key={member.person._id}>
                          <Table.Td>
                            <Group gap="sm" wrap="nowrap">
                              <Avatar person={member.person} size={32} decorative />
                              <div style={{ minWidth: 0 }}>
                                <Text size="sm" fw={500}>
                                  {member.person.name}
                                </Text>
                                {member.person.position && (
                                  <Text size="xs" c="dimmed">
                                    {member.person.position}
                                  </Text>
                                )}
                              </div>
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            <LearnerBadge status={member.status} />
                          </Table.Td>
                          <Table.Td miw={140}>
                            <Group gap={6} wrap="nowrap">
                              <Progress
                                value={member.percent}
                                color={member.status === 'learned' ? 'teal' : undefined}
                                aria-label={t('courses.members.progressOf', { name: member.person.name })}
                                style={{ flex: 1 }}
                              />
                              <Text size="xs" c="dimmed" w={36} ta="right">
                                {member.percent}%
                              </Text>
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            {member.due ? (
                              <Group gap={6} wrap="nowrap">
                                <Text size="sm" c={member.overdue ? 'red' : undefined}>
                                  {formatDay(member.due, lang)}
                                </Text>
                                {member.overdue && (
                                  <Badge color="red" variant="light" size="xs">
                                    {t('courses.members.overdue')}
                                  </Badge>
                                )}
                              </Group>
                            ) : (
                              <Text size="sm" c="dimmed">
                                {t('courses.members.noDue')}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{member.best_score == null ? '—' : `${member.best_score}%`}</Text>
                          </Table.Td>
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('courses.members.remove', { name: member.person.name })}
                              onClick={() => setRemoving(member)}
                            >
                              <IconUserMinus size={18} />
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      )),
                    )}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Paper>
            <LoadMore query={query} label={t('courses.members.more')} />
          </Stack>
        )}
      </QueryState>
      <AssignModal
        course={course}
        opened={assigning}
        grants={query.data?.pages[0]?.grants ?? []}
        onClose={() => setAssigning(false)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('courses.members.removeTitle')}
        message={t('courses.members.removeText', { name: removing?.person.name ?? '', title: course.title })}
        confirmLabel={t('courses.members.remove', { name: removing?.person.name ?? '' })}
        danger
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing.person._id);
          showSuccess(t('courses.members.removed'));
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
