import {
  SERVICE_DAYS_LIMIT_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_FIELDS_MAX,
  SERVICE_NAME_MAX,
  SERVICE_PERFORMERS_MAX,
  SERVICE_STEP_NAME_MAX,
  SERVICE_STEPS_MAX,
  type ServiceDto,
} from '@hallway/shared/services';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/context';
import { errorText, fieldErrors } from '../../i18n/errors';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { GrantEditor, grantProblem } from '../../ui/GrantEditor';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { showSuccess } from '../../ui/toast';
import { LengthCounter } from '../../ui/ValidatedInput';
import { useDepartmentOptions } from './departments';
import {
  type Draft,
  type DraftStep,
  draftOf,
  emptyDraft,
  newStep,
  performersOf,
  serviceInput,
  stepInput,
} from './draft';
import { FieldsEditor, fieldProblem } from './FieldsEditor';
import { serviceMutations, serviceQueries } from './queries';
import { useServicesTexts } from './texts';

type Problems = Record<string, string>;

/** What is wrong with a draft, by place (`name`, `steps.0.name`, …), as texts. */
export function draftProblems(draft: Draft, t: ReturnType<typeof useServicesTexts>['t']): Problems {
  const found: Problems = {};
  if (!draft.name.trim()) found.name = t('designer.errors.nameRequired');
  if (!draft.description.trim()) found.description = t('designer.errors.descriptionRequired');
  if (!draft.group) found.group = t('designer.errors.groupRequired');
  if (draft.days_limit !== '' && (draft.days_limit < 1 || draft.days_limit > SERVICE_DAYS_LIMIT_MAX)) {
    found.days_limit = t('designer.errors.days', { max: SERVICE_DAYS_LIMIT_MAX });
  }
  if (!draft.for_all && draft.grants.some((grant) => grantProblem(grant))) found.grants = t('designer.errors.audience');
  draft.fields.forEach((field, index) => {
    if (fieldProblem(field)) found[`fields.${index}`] = 'x';
  });
  const steps = draft.type === 'simple' ? draft.steps.slice(0, 1) : draft.steps;
  steps.forEach((step, index) => {
    if (!step.name.trim()) found[`steps.${index}.name`] = t('designer.errors.stepName');
    const count = performersOf(step);
    if (count === 0) found[`steps.${index}.performers`] = t('designer.errors.performers');
    if (count > SERVICE_PERFORMERS_MAX) {
      found[`steps.${index}.performers`] = t('designer.errors.tooManyPerformers', { max: SERVICE_PERFORMERS_MAX });
    }
    if (draft.type === 'multi') {
      step.fields.forEach((field, at) => {
        if (fieldProblem(field)) found[`steps.${index}.fields.${at}`] = 'x';
      });
    }
  });
  return found;
}

function StepEditor({
  step,
  index,
  count,
  type,
  problems,
  showErrors,
  onChange,
  onMove,
  onRemove,
}: {
  step: DraftStep;
  index: number;
  count: number;
  type: Draft['type'];
  problems: Problems;
  showErrors: boolean;
  onChange: (step: DraftStep) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useServicesTexts();
  const departments = useDepartmentOptions();
  const n = index + 1;
  const performers = performersOf(step);
  const error = (place: string) => (showErrors ? problems[`steps.${index}.${place}`] : undefined);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="designer-step"
      aria-label={t('designer.step', { n })}
      component="section"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            {t('designer.step', { n })}
          </Title>
          {type === 'multi' && (
            <Group gap={4}>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === 0}
                onClick={() => onMove(-1)}
                aria-label={t('designer.moveStepUp', { n })}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
                aria-label={t('designer.moveStepDown', { n })}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={count <= 1}
                onClick={onRemove}
                aria-label={t('designer.removeStep', { n })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          )}
        </Group>
        <CountedTextInput
          label={t('designer.stepName')}
          value={step.name}
          max={SERVICE_STEP_NAME_MAX}
          maxLength={SERVICE_STEP_NAME_MAX}
          onChange={(event) => onChange({ ...step, name: event.currentTarget.value })}
          error={error('name')}
          required
        />
        {type === 'multi' && (
          <Switch
            label={t('designer.stepReview')}
            checked={step.review}
            onChange={(event) => onChange({ ...step, review: event.currentTarget.checked })}
          />
        )}
        <PeoplePicker
          label={t('designer.people')}
          value={step.people}
          onChange={(people) => onChange({ ...step, people })}
        />
        <Checkbox
          label={t('designer.chief')}
          checked={step.chief}
          onChange={(event) => onChange({ ...step, chief: event.currentTarget.checked })}
        />
        <MultiSelect
          label={t('designer.departments')}
          data={departments.options}
          value={step.departments}
          onChange={(ids) => onChange({ ...step, departments: ids })}
          searchable
        />
        <Text
          size="xs"
          c={performers > SERVICE_PERFORMERS_MAX || error('performers') ? 'red' : 'dimmed'}
          role={error('performers') ? 'alert' : undefined}
        >
          {t('designer.performersCount', { count: performers, max: SERVICE_PERFORMERS_MAX })}
          {error('performers') ? ` · ${error('performers')}` : ''}
        </Text>
        {type === 'multi' && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('designer.stepFields')}
            </Text>
            <FieldsEditor
              label={t('designer.stepFields')}
              fields={step.fields}
              onChange={(fields) => onChange({ ...step, fields })}
              max={SERVICE_FIELDS_MAX}
              showErrors={showErrors}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The service designer (modules §5 "Service"): name, group, description, type, responsible department, days limit,
 * audience, owners, the request form's fields, and the steps with their performers and own fields. Problems show on
 * their inputs before anything is sent; the server's refusals on theirs, or above the buttons.
 */
export function ServiceDesigner({ service }: { service?: ServiceDto }) {
  const { t } = useServicesTexts();
  const { client: workspace, isAdmin } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useMutation(serviceMutations.create(client));
  const edit = useMutation(serviceMutations.edit(client));
  const catalogue = useQuery(serviceQueries.catalogue(workspace?._id ?? ''));
  const departments = useDepartmentOptions();
  const [draft, setDraft] = useState<Draft>(() => (service ? draftOf(service) : emptyDraft()));
  const [showErrors, setShowErrors] = useState(false);
  const [server, setServer] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withOwners = service ? service.can.owners : isAdmin;
  const problems = draftProblems(draft, t);
  const show = (place: string) => (showErrors ? problems[place] : undefined) ?? server[place];
  const set = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setServer({});
    // The summary above the buttons speaks of the last attempt: a change makes it stale.
    setFailure(null);
  };
  const groups = (catalogue.data?.result ?? []).map((group) => ({ value: group._id, label: group.name }));
  if (service?.group && !groups.some((group) => group.value === service.group?._id)) {
    groups.push({ value: service.group._id, label: service.group.name });
  }
  const steps = draft.type === 'simple' ? draft.steps.slice(0, 1) : draft.steps;
  const fieldErrorsByIndex = (prefix: string) =>
    Object.fromEntries(
      Object.entries(server)
        .filter(([place]) => place.startsWith(prefix))
        .map(([place, text]) => [Number(place.slice(prefix.length).split('.')[0]), text]),
    );

  const save = async () => {
    setShowErrors(true);
    setFailure(null);
    if (Object.keys(problems).length) {
      setFailure(t('designer.fix'));
      return;
    }
    setBusy(true);
    try {
      if (service) {
        const wanted = draft.type === 'simple' ? draft.steps.slice(0, 1) : draft.steps;
        await edit.mutateAsync({
          service,
          input: serviceInput(draft, withOwners),
          steps: wanted.map((step) => ({ ...stepInput(step, draft.type), ...(step._id ? { _id: step._id } : {}) })),
        });
        showSuccess(t('designer.saved'));
        navigate(`/service/${service._id}?tab=info`);
      } else {
        const created = await create.mutateAsync(serviceInput(draft, withOwners));
        showSuccess(t('designer.created'));
        navigate(`/service/${created._id}?tab=info`);
      }
    } catch (err) {
      setServer(fieldErrors(err));
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <CountedTextInput
              label={t('designer.name')}
              value={draft.name}
              max={SERVICE_NAME_MAX}
              maxLength={SERVICE_NAME_MAX}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={show('name')}
              required
            />
            <Select
              label={t('designer.group')}
              placeholder={t('designer.groupPlaceholder')}
              data={groups}
              value={draft.group}
              onChange={(group) => set({ group })}
              error={show('group')}
              required
              searchable
            />
            <Textarea
              label={t('designer.description')}
              value={draft.description}
              onChange={(event) => set({ description: event.currentTarget.value })}
              maxLength={SERVICE_DESCRIPTION_MAX}
              autosize
              minRows={3}
              required
              error={show('description')}
              description={<LengthCounter length={draft.description.length} max={SERVICE_DESCRIPTION_MAX} />}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="designer-type">
                {t('designer.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="designer-type"
                value={draft.type}
                onChange={(type) => set({ type: type as Draft['type'] })}
                data={[
                  { value: 'simple', label: t('service.simple') },
                  { value: 'multi', label: t('service.multi') },
                ]}
                w="fit-content"
              />
              <Text size="xs" c="dimmed">
                {draft.type === 'simple'
                  ? t('designer.simpleHint')
                  : t('designer.multiHint', { max: SERVICE_STEPS_MAX })}
              </Text>
            </Stack>
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label={t('designer.department')}
                description={t('designer.departmentHint')}
                data={departments.options}
                value={draft.department_id}
                onChange={(department_id) => set({ department_id })}
                searchable
                clearable
                error={show('department_id')}
                miw={220}
              />
              <NumberInput
                label={t('designer.daysLimit')}
                description={t('designer.daysHint', { max: SERVICE_DAYS_LIMIT_MAX })}
                value={draft.days_limit}
                min={1}
                max={SERVICE_DAYS_LIMIT_MAX}
                allowDecimal={false}
                onChange={(value) => set({ days_limit: typeof value === 'number' ? value : '' })}
                error={show('days_limit')}
                miw={180}
              />
            </Group>
            <Switch
              label={t('designer.active')}
              checked={draft.active}
              onChange={(event) => set({ active: event.currentTarget.checked })}
            />
            <Switch
              label={t('designer.forAll')}
              checked={draft.for_all}
              onChange={(event) => set({ for_all: event.currentTarget.checked })}
            />
            {!draft.for_all && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('designer.audience')}
                </Text>
                <GrantEditor
                  value={draft.grants}
                  onChange={(grants) => set({ grants })}
                  levels={['read']}
                  showErrors={showErrors}
                />
                {show('grants') && (
                  <Text size="xs" c="red">
                    {show('grants')}
                  </Text>
                )}
              </Stack>
            )}
            {withOwners && (
              <PeoplePicker
                label={t('designer.owners')}
                description={t('designer.ownersHint')}
                value={draft.owners}
                known={service?.owners.map((owner) => ({ ...owner }))}
                onChange={(owners) => set({ owners })}
                error={show('owners')}
              />
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="designer-form">
          <Stack gap="sm">
            <Title order={2} size="h4" id="designer-form">
              {t('designer.form')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('designer.formHint', { max: SERVICE_FIELDS_MAX })}
            </Text>
            <FieldsEditor
              label={t('designer.form')}
              fields={draft.fields}
              onChange={(fields) => set({ fields })}
              max={SERVICE_FIELDS_MAX}
              showErrors={showErrors}
              serverErrors={fieldErrorsByIndex('fields.')}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="designer-steps">
          <Stack gap="sm">
            <Title order={2} size="h4" id="designer-steps">
              {t('designer.steps')}
            </Title>
            {draft.type === 'multi' && (
              <Text size="xs" c="dimmed">
                {t('designer.stepsHint', { max: SERVICE_STEPS_MAX })}
              </Text>
            )}
            {steps.map((step, index) => (
              <StepEditor
                key={step.id}
                step={step}
                index={index}
                count={steps.length}
                type={draft.type}
                problems={{ ...problems, ...server }}
                showErrors={showErrors || Object.keys(server).length > 0}
                onChange={(next) => set({ steps: draft.steps.map((other) => (other.id === step.id ? next : other)) })}
                onMove={(by) => {
                  const next = [...draft.steps];
                  const [moved] = next.splice(index, 1);
                  next.splice(index + by, 0, moved);
                  set({ steps: next });
                }}
                onRemove={() => set({ steps: draft.steps.filter((other) => other.id !== step.id) })}
              />
            ))}
            {draft.type === 'multi' && (
              <Group justify="space-between">
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  disabled={draft.steps.length >= SERVICE_STEPS_MAX}
                  onClick={() => set({ steps: [...draft.steps, newStep()] })}
                >
                  {t('designer.addStep')}
                </Button>
                <Text size="xs" c="dimmed">
                  {draft.steps.length} / {SERVICE_STEPS_MAX}
                </Text>
              </Group>
            )}
          </Stack>
        </Paper>
        {failure && (
          <Alert color="red" role="alert" data-testid="designer-failure">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(service ? `/service/${service._id}` : '/services')}>
            {t('designer.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {service ? t('designer.save') : t('designer.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
