import type { StoredFile } from '@hallway/shared';
import {
  TASK_CHECK_TEXT_MAX,
  TASK_CHECKLIST_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_FILES_MAX,
  TASK_HOURS_MAX,
  TASK_NAME_MAX,
  TASK_PEOPLE_MAX,
  TASK_PRIORITIES,
  TASK_TAG_MAX,
  TASK_TAGS_MAX,
  type TaskDto,
  type TaskPriority,
  type TaskUpdateBody,
} from '@hallway/shared/tasks';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  ColorInput,
  Divider,
  Drawer,
  Group,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { formatDayTime } from '../../i18n/dates';
import { errorText, fieldErrors } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { DayInput } from '../../ui/DayInput';
import { FileUpload } from '../../ui/FileUpload';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { CommentThread } from '../comments';
import { SWATCHES } from './format';
import { taskKeys, taskMutations, taskQueries } from './queries';
import { useTasksTexts } from './texts';

interface TaskDrawerProps {
  /** The card shown (`?task=`), or null when the drawer is closed. */
  taskId: string | null;
  deskId: string;
  onClose: () => void;
}

/** A card's drawer: every field editable (for those whose `can.edit` allows), its comments and history. */
export function TaskDrawer({ taskId, deskId, onClose }: TaskDrawerProps) {
  const { t } = useTasksTexts();
  const query = useQuery({ ...taskQueries.task(taskId ?? ''), enabled: !!taskId });
  // Bumped by "reload" after a stale save: the form starts again from the card as it is now.
  const [round, setRound] = useState(0);
  return (
    <Drawer
      opened={!!taskId}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('drawer.title')}
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
    >
      {taskId && (
        <QueryState query={query} loading={<SkeletonRows rows={6} label={t('drawer.loading')} />}>
          {(task) => (
            <TaskEditor
              key={`${task._id}:${round}`}
              task={task}
              deskId={deskId}
              onClose={onClose}
              onReload={async () => {
                await query.refetch();
                setRound((n) => n + 1);
              }}
            />
          )}
        </QueryState>
      )}
    </Drawer>
  );
}

interface CheckDraft {
  _id?: string;
  key: string;
  text: string;
  done: boolean;
}

let keys = 0;
const nextKey = () => `check-${++keys}`;

/** Whether a period ends before it starts (both `YYYY-MM-DD`). */
export const periodInvalid = (start: string | null, end: string | null) => !!start && !!end && end < start;

interface TaskEditorProps {
  task: TaskDto;
  deskId: string;
  onClose: () => void;
  onReload: () => Promise<void>;
}

function TaskEditor({ task, deskId, onClose, onReload }: TaskEditorProps) {
  const { t, lang } = useTasksTexts();
  const client = useQueryClient();
  const save = useMutation(taskMutations.updateTask(client, task._id));
  const done = useMutation(taskMutations.setDone(client, task._id));
  const remove = useMutation(taskMutations.deleteTask(client, deskId));
  const [name, setName] = useState(task.name);
  const [description, setDescription] = useState(task.description);
  const [performer, setPerformer] = useState<string[]>(task.performer ? [task.performer._id] : []);
  const [coPerformers, setCoPerformers] = useState(task.co_performers.map((person) => person._id));
  const [observers, setObservers] = useState(task.observers.map((person) => person._id));
  const [known, setKnown] = useState<PickedPerson[]>([
    ...(task.performer ? [task.performer] : []),
    ...task.co_performers,
    ...task.observers,
  ]);
  const [planDate, setPlanDate] = useState(task.plan_date);
  const [planHours, setPlanHours] = useState<number | string>(task.plan_hours ?? '');
  const [actualHours, setActualHours] = useState<number | string>(task.actual_hours ?? '');
  const [periodStart, setPeriodStart] = useState(task.period_start);
  const [periodEnd, setPeriodEnd] = useState(task.period_end);
  const [priority, setPriority] = useState<TaskPriority>(task.priority);
  const [checklist, setChecklist] = useState<CheckDraft[]>(task.checklist.map((item) => ({ ...item, key: item._id })));
  const [newCheck, setNewCheck] = useState('');
  const [tags, setTags] = useState(task.tags);
  const [color, setColor] = useState(task.color ?? '');
  const [borderColor, setBorderColor] = useState(task.border_color ?? '');
  const [files, setFiles] = useState<StoredFile[]>(task.files);
  const [deleting, setDeleting] = useState(false);
  const readOnly = !task.can.edit;
  const stale = isApiError(save.error) && save.error.code === 'task_version_conflict';
  const errors = fieldErrors(save.error);
  const badPeriod = periodInvalid(periodStart, periodEnd);
  const checked = checklist.filter((item) => item.done).length;
  const addKnown = (people: PickedPerson[]) =>
    setKnown((list) => [...list, ...people.filter((person) => !list.some((one) => one._id === person._id))]);
  const hours = (value: number | string) => (value === '' ? null : Number(value));

  const submit = () => {
    if (badPeriod || !name.trim()) return;
    const body: TaskUpdateBody = {
      version: task.version,
      name: name.trim(),
      description,
      performer: performer[0] ?? null,
      co_performers: coPerformers,
      observers,
      plan_date: planDate || null,
      plan_hours: hours(planHours),
      actual_hours: hours(actualHours),
      period_start: periodStart || null,
      period_end: periodEnd || null,
      priority,
      checklist: checklist.map(({ _id, text, done: isDone }) => ({ ...(_id ? { _id } : {}), text, done: isDone })),
      tags,
      color: color || null,
      border_color: borderColor || null,
      files: files.map((file) => file._id),
    };
    save.mutate(body, { onSuccess: () => showSuccess(t('drawer.saved')) });
  };

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={task.status === 'done' ? 'teal' : 'blue'} variant="light">
          {t(`statuses.${task.status}`)}
        </Badge>
        {task.owner && (
          <Text size="xs" c="dimmed">
            {task.owner.name}, {formatDayTime(task.created, lang)}
          </Text>
        )}
      </Group>
      {readOnly && (
        <Alert color="gray" variant="light">
          {t('drawer.readOnly')}
        </Alert>
      )}
      {stale && (
        <Alert color="orange" title={t('drawer.staleTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('drawer.staleText')}</Text>
            <Button size="xs" variant="light" color="orange" onClick={() => void onReload()}>
              {t('drawer.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset disabled={readOnly} className="tasks-fieldset">
          <Stack gap="sm">
            <CountedTextInput
              label={t('drawer.name')}
              value={name}
              max={TASK_NAME_MAX}
              maxLength={TASK_NAME_MAX}
              required
              error={errors.name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Textarea
              label={t('drawer.description')}
              value={description}
              maxLength={TASK_DESCRIPTION_MAX}
              autosize
              minRows={3}
              maxRows={12}
              error={errors.description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
            <PeoplePicker
              label={t('drawer.performer')}
              value={performer}
              known={known}
              maxValues={1}
              error={errors.performer}
              onChange={(ids, people) => {
                setPerformer(ids.slice(-1));
                addKnown(people);
              }}
            />
            <PeoplePicker
              label={t('drawer.coPerformers')}
              value={coPerformers}
              known={known}
              maxValues={TASK_PEOPLE_MAX}
              error={errors.co_performers}
              onChange={(ids, people) => {
                setCoPerformers(ids);
                addKnown(people);
              }}
            />
            <PeoplePicker
              label={t('drawer.observers')}
              value={observers}
              known={known}
              maxValues={TASK_PEOPLE_MAX}
              error={errors.observers}
              onChange={(ids, people) => {
                setObservers(ids);
                addKnown(people);
              }}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <DayInput
                label={t('drawer.planDate')}
                value={planDate}
                onChange={setPlanDate}
                clearable
                error={errors.plan_date}
              />
              <Select
                label={t('drawer.priority')}
                data={TASK_PRIORITIES.map((value) => ({ value, label: t(`priorities.${value}`) }))}
                value={priority}
                allowDeselect={false}
                onChange={(value) => value && setPriority(value as TaskPriority)}
                comboboxProps={{ withinPortal: true }}
              />
              <NumberInput
                label={t('drawer.planHours')}
                value={planHours}
                min={0}
                max={TASK_HOURS_MAX}
                decimalScale={2}
                error={errors.plan_hours}
                onChange={setPlanHours}
              />
              <NumberInput
                label={t('drawer.actualHours')}
                value={actualHours}
                min={0}
                max={TASK_HOURS_MAX}
                decimalScale={2}
                error={errors.actual_hours}
                onChange={setActualHours}
              />
              <DayInput
                label={t('drawer.periodStart')}
                value={periodStart}
                onChange={setPeriodStart}
                clearable
                error={errors.period_start}
              />
              <DayInput
                label={t('drawer.periodEnd')}
                value={periodEnd}
                onChange={setPeriodEnd}
                clearable
                minDate={periodStart}
                error={badPeriod ? t('drawer.periodInvalid') : errors.period_end}
              />
            </SimpleGrid>
            <Stack gap={6}>
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  {t('drawer.checklist')}
                </Text>
                {checklist.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('drawer.checklistProgress', { done: checked, total: checklist.length })}
                  </Text>
                )}
              </Group>
              {checklist.length > 0 && (
                <Progress
                  size="sm"
                  value={(checked / checklist.length) * 100}
                  aria-label={t('drawer.checklistProgress', { done: checked, total: checklist.length })}
                />
              )}
              {checklist.map((item) => (
                <Group key={item.key} gap="xs" wrap="nowrap">
                  <Checkbox
                    checked={item.done}
                    aria-label={item.text}
                    onChange={(event) => {
                      const isDone = event.currentTarget.checked;
                      setChecklist((list) =>
                        list.map((one) => (one.key === item.key ? { ...one, done: isDone } : one)),
                      );
                    }}
                  />
                  <TextInput
                    size="xs"
                    value={item.text}
                    maxLength={TASK_CHECK_TEXT_MAX}
                    aria-label={t('drawer.checkText')}
                    style={{ flex: 1 }}
                    onChange={(event) => {
                      const text = event.currentTarget.value;
                      setChecklist((list) => list.map((one) => (one.key === item.key ? { ...one, text } : one)));
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('drawer.checkRemove', { text: item.text })}
                    onClick={() => setChecklist((list) => list.filter((one) => one.key !== item.key))}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              ))}
              {checklist.length < TASK_CHECKLIST_MAX && (
                <Group gap="xs" wrap="nowrap">
                  <TextInput
                    size="xs"
                    value={newCheck}
                    maxLength={TASK_CHECK_TEXT_MAX}
                    placeholder={t('drawer.checkAdd')}
                    aria-label={t('drawer.checkAdd')}
                    style={{ flex: 1 }}
                    onChange={(event) => setNewCheck(event.currentTarget.value)}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter') return;
                      event.preventDefault();
                      if (!newCheck.trim()) return;
                      setChecklist((list) => [...list, { key: nextKey(), text: newCheck.trim(), done: false }]);
                      setNewCheck('');
                    }}
                  />
                  <ActionIcon
                    variant="light"
                    aria-label={t('drawer.checkAdd')}
                    disabled={!newCheck.trim()}
                    onClick={() => {
                      setChecklist((list) => [...list, { key: nextKey(), text: newCheck.trim(), done: false }]);
                      setNewCheck('');
                    }}
                  >
                    <IconPlus size={14} />
                  </ActionIcon>
                </Group>
              )}
            </Stack>
            <TagsInput
              label={t('drawer.tags')}
              description={t('drawer.tagsHint')}
              value={tags}
              maxTags={TASK_TAGS_MAX}
              error={errors.tags}
              onChange={(next) => setTags(next.map((tag) => tag.slice(0, TASK_TAG_MAX)))}
              comboboxProps={{ withinPortal: true }}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <ColorInput
                label={t('drawer.color')}
                value={color}
                onChange={setColor}
                swatches={SWATCHES}
                format="hex"
                error={errors.color}
              />
              <ColorInput
                label={t('drawer.borderColor')}
                value={borderColor}
                onChange={setBorderColor}
                swatches={SWATCHES}
                format="hex"
                error={errors.border_color}
              />
            </SimpleGrid>
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('drawer.files')}
              </Text>
              {files.length > 0 && (
                <Stack gap={4} component="ul" className="tasks-plain-list">
                  {files.map((file) => (
                    <Group key={file._id} component="li" gap="xs" wrap="nowrap">
                      {file.mime.startsWith('image/') ? (
                        <img className="tasks-file-preview" src={file.mini ?? file.src} alt="" loading="lazy" />
                      ) : null}
                      <Anchor href={file.src} target="_blank" rel="noreferrer" size="sm" style={{ flex: 1 }} truncate>
                        {file.name}
                      </Anchor>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('drawer.fileRemove', { name: file.name })}
                        onClick={() => setFiles((list) => list.filter((one) => one._id !== file._id))}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              )}
              {files.length < TASK_FILES_MAX && !readOnly && (
                <FileUpload
                  purpose="attachment"
                  multiple
                  onUploaded={(results) =>
                    setFiles((list) => [...list, ...results.map((result) => result.file)].slice(0, TASK_FILES_MAX))
                  }
                />
              )}
            </Stack>
            {save.error && !stale && Object.keys(errors).length === 0 && (
              <Text c="red" size="sm" role="alert">
                {errorText(save.error)}
              </Text>
            )}
            {!readOnly && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} disabled={badPeriod || !name.trim()}>
                  {t('drawer.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
      {(task.can.finish || task.can.delete) && (
        <Group gap="xs">
          {task.can.finish && (
            <Button
              variant="light"
              color={task.status === 'done' ? 'blue' : 'teal'}
              loading={done.isPending}
              onClick={() => done.mutate(task.status !== 'done', { onError: showError })}
            >
              {task.status === 'done' ? t('drawer.reopen') : t('drawer.finish')}
            </Button>
          )}
          {task.can.delete && (
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
              {t('drawer.delete')}
            </Button>
          )}
        </Group>
      )}
      <Divider />
      <CommentThread
        subject={{ type: 'task', id: task._id }}
        initial={task.comments}
        canComment={task.can.comment}
        mentions
        newestFirst
      />
      <Divider />
      <TaskHistory task={task} />
      <ConfirmDialog
        opened={deleting}
        danger
        title={t('drawer.deleteTitle')}
        message={t('drawer.deleteText')}
        confirmLabel={t('drawer.delete')}
        onConfirm={async () => {
          await remove.mutateAsync(task._id);
          client.removeQueries({ queryKey: taskKeys.task(task._id) });
          onClose();
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

function TaskHistory({ task }: { task: TaskDto }) {
  const { t, lang } = useTasksTexts();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('drawer.history')}
      </Title>
      {task.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('drawer.historyEmpty')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" className="tasks-plain-list">
          {task.history.map((entry) => {
            const lane = entry.changes.lane;
            const what =
              entry.action === 'moved' && lane
                ? t('drawer.moved', { from: show(lane.from), to: show(lane.to) })
                : entry.action === 'updated'
                  ? t('drawer.updated', { fields: Object.keys(entry.changes).join(', ') })
                  : t(`drawer.${entry.action}`);
            return (
              <Text key={entry._id} component="li" size="xs">
                <Text span fw={600} size="xs">
                  {entry.author?.name ?? t('drawer.someone')}
                </Text>{' '}
                {what}{' '}
                <Text span c="dimmed" size="xs">
                  {formatDayTime(entry.at, lang)}
                </Text>
              </Text>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
