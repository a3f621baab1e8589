import { type RequestDto, SERVICE_REASON_MAX } from '@hallway/shared/services';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconEye, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { whenIdentified } from '../../api/socket';
import { useSession } from '../../app/session/context';
import { formatDay, formatDayTime } from '../../i18n/dates';
import { errorText, fieldErrors } from '../../i18n/errors';
import { Avatar, displayName } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { showSuccess } from '../../ui/toast';
import { LengthCounter } from '../../ui/ValidatedInput';
import { CommentThread } from '../comments';
import { type DraftValue, emptyValue, FieldInput, valueProblem, wireValue } from './FieldInput';
import { FieldValue } from './FieldValue';
import { FileLinks } from './FilesInput';
import { DueDate, StatusBadge } from './format';
import { serviceKeys, serviceMutations } from './queries';
import { useServicesTexts } from './texts';

type Step = RequestDto['steps'][number];

/** While a request's page is open: its room (`bp.subscribe`), and `bp.updated` reads the request again. */
function useRequestRoom(id: string) {
  const { socket } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket || !id) return;
    const leave = whenIdentified(socket, () => socket.emit('bp.subscribe', { bp_id: id }));
    const updated = (event: { _id: string }) => {
      if (event._id !== id) return;
      void client.invalidateQueries({ queryKey: serviceKeys.one(id) });
      void client.invalidateQueries({ queryKey: serviceKeys.requests });
    };
    socket.on('bp.updated', updated);
    return () => {
      leave();
      socket.off('bp.updated', updated);
    };
  }, [socket, client, id]);
}

/** The reason of a decline, required (modules §4), in a modal. */
function DeclineModal({
  opened,
  onClose,
  onDecline,
}: {
  opened: boolean;
  onClose: () => void;
  onDecline: (reason: string) => Promise<void>;
}) {
  const { t } = useServicesTexts();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) return setError(t('request.reasonRequired'));
    setBusy(true);
    try {
      await onDecline(reason.trim());
      setReason('');
      onClose();
    } catch (err) {
      setError(fieldErrors(err).reason ?? errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('request.declineTitle')}
      closeButtonProps={{ 'aria-label': t('request.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Textarea
            label={t('request.reason')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            maxLength={SERVICE_REASON_MAX}
            required
            autosize
            minRows={3}
            error={error}
            description={
              <>
                {t('request.reasonHint')} <LengthCounter length={reason.length} max={SERVICE_REASON_MAX} />
              </>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('request.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('request.confirmDecline')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The current step's decision for one of its performers: its own fields, accept / decline or acknowledge. */
function Decision({ request, step }: { request: RequestDto; step: Step }) {
  const { t } = useServicesTexts();
  const pass = useMutation(serviceMutations.pass(useQueryClient(), request._id));
  const [values, setValues] = useState<Record<string, DraftValue>>(() =>
    Object.fromEntries(step.fields.map((field) => [field.key, emptyValue(field)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const wire = () =>
    Object.fromEntries(step.fields.map((field) => [field.key, wireValue(field, values[field.key] ?? null)]));
  const decide = async (decision: 'accept' | 'ack') => {
    const problems: Record<string, string> = {};
    for (const field of step.fields) {
      const problem = valueProblem(field, values[field.key] ?? null);
      if (problem) problems[field.key] = t(`form.problems.${problem}` as 'form.problems.required');
    }
    setErrors(problems);
    if (Object.keys(problems).length) return setFailure(t('form.fix'));
    setBusy(decision);
    setFailure(null);
    try {
      await pass.mutateAsync({ step_id: step._id, decision, fields: wire() });
      showSuccess(decision === 'ack' ? t('request.acknowledged') : t('request.accepted'));
    } catch (err) {
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors(err)).map(([place, text]) => [place.replace(/^fields\./, ''), text]),
        ),
      );
      setFailure(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  const decline = async (reason: string) => {
    // Optional step fields go along; required ones are only needed to accept.
    await pass.mutateAsync({ step_id: step._id, decision: 'decline', reason, fields: {} });
    showSuccess(t('request.declined'));
  };
  return (
    <Paper withBorder radius="lg" p="md" className="hw-service-decision" aria-labelledby="service-decision">
      <Stack gap="sm">
        <Title order={2} size="h4" id="service-decision">
          {t('request.yourTurn')}: {step.name}
        </Title>
        {step.fields.length > 0 && (
          <Stack gap="sm">
            {step.fields.map((field) => (
              <FieldInput
                key={field.key}
                field={field}
                value={values[field.key] ?? null}
                error={errors[field.key]}
                onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
              />
            ))}
          </Stack>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group gap="sm">
          {step.review ? (
            <Button leftSection={<IconEye size={16} />} loading={busy === 'ack'} onClick={() => void decide('ack')}>
              {t('request.ack')}
            </Button>
          ) : (
            <>
              <Button
                color="green"
                leftSection={<IconCheck size={16} />}
                loading={busy === 'accept'}
                onClick={() => void decide('accept')}
              >
                {t('request.accept')}
              </Button>
              <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setDeclining(true)}>
                {t('request.decline')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
      <DeclineModal opened={declining} onClose={() => setDeclining(false)} onDecline={decline} />
    </Paper>
  );
}

const STEP_COLOR = { waiting: 'gray', active: 'blue', done: 'green', declined: 'red', skipped: 'gray' } as const;

/** A request's page (modules §2, §4): its form, steps, history, the decision of its performers, comments. */
export function RequestView({ request }: { request: RequestDto }) {
  const { t, lang } = useServicesTexts();
  useRequestRoom(request._id);
  const current = request.steps.find((step) => step.status === 'active' && step.kind === 'step');
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Anchor component={Link} to="/services?tab=my" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('request.back')}
        </Group>
      </Anchor>
      <PageHeader
        title={request.name}
        description={
          <Group gap="sm" component="span">
            <StatusBadge status={request.status} />
            <span>{t('request.requester', { name: displayName(request.requester) })}</span>
            <span>{t('request.started', { date: formatDayTime(request.created, lang) })}</span>
          </Group>
        }
      />
      {request.due_date && (
        <Group gap="xs" data-testid="request-due">
          <Text size="sm">{t('requests.due')}:</Text>
          <DueDate request={request} />
        </Group>
      )}
      {request.can.pass && current && <Decision key={current._id} request={request} step={current} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="request-form">
          <Stack gap="sm">
            <Title order={2} size="h4" id="request-form">
              {t('request.form')}
            </Title>
            <Stack gap="xs" component="dl" m={0}>
              {request.fields.map((field) => (
                <div key={field.key}>
                  <Text component="dt" size="xs" c="dimmed">
                    {field.name}
                  </Text>
                  <Text component="dd" m={0} size="sm">
                    <FieldValue field={field} value={request.values[field.key]} refs={request.refs} />
                  </Text>
                </div>
              ))}
            </Stack>
            {request.files.length > 0 && (
              <>
                <Text size="xs" c="dimmed">
                  {t('request.files')}
                </Text>
                <FileLinks files={request.files} />
              </>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="request-steps">
          <Stack gap="sm">
            <Title order={2} size="h4" id="request-steps">
              {t('request.steps')}
            </Title>
            <Stack gap="sm" component="ol" className="hw-services-plain-list">
              {request.steps.map((step) => (
                <Stack key={step._id} gap={4} component="li" data-testid="request-step" data-status={step.status}>
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {step.kind === 'request' ? t('request.form') : `${step.position}. ${step.name}`}
                    </Text>
                    <Badge color={STEP_COLOR[step.status]} variant="light" radius="sm">
                      {t(`stepStatus.${step.status}`)}
                    </Badge>
                  </Group>
                  <Group gap={6}>
                    {step.performers.map((person) => (
                      <Group key={person._id} gap={4} wrap="nowrap">
                        <Avatar person={person} size={20} decorative />
                        <Text size="xs">{displayName(person)}</Text>
                      </Group>
                    ))}
                  </Group>
                  {step.decided_by && step.decided_at && (
                    <Text size="xs" c="dimmed">
                      {t('request.by', { name: displayName(step.decided_by) })}, {formatDayTime(step.decided_at, lang)}
                    </Text>
                  )}
                  {step.reason && (
                    <Text size="xs" c="red">
                      {t('request.reasonWas', { reason: step.reason })}
                    </Text>
                  )}
                  {step.kind === 'step' &&
                    step.fields.map((field) =>
                      step.values[field.key] === undefined ? null : (
                        <Group key={field.key} gap={6}>
                          <Text size="xs" c="dimmed">
                            {field.name}:
                          </Text>
                          <FieldValue field={field} value={step.values[field.key]} refs={request.refs} />
                        </Group>
                      ),
                    )}
                </Stack>
              ))}
            </Stack>
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="request-history">
        <Stack gap="sm">
          <Title order={2} size="h4" id="request-history">
            {t('request.history')}
          </Title>
          <Timeline bulletSize={18} lineWidth={2} data-testid="request-history">
            {request.history.map((entry) => (
              <Timeline.Item
                key={entry._id}
                title={
                  <Text size="sm">
                    {entry.action === 'success' || entry.action === 'rejected'
                      ? t(`request.actions.${entry.action}`)
                      : `${entry.actor ? displayName(entry.actor) : ''} ${t(`request.actions.${entry.action}`, { step: entry.step ?? '' })}`}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDayTime(entry.created, lang)}
                </Text>
                {entry.reason && (
                  <Text size="xs" c="red">
                    {t('request.reasonWas', { reason: entry.reason })}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
          {request.finished_at && (
            <Text size="xs" c="dimmed">
              {t('requests.finished')}: {formatDay(request.finished_at, lang)}
            </Text>
          )}
        </Stack>
      </Paper>
      <CommentThread
        subject={{ type: 'bp', id: request._id }}
        initial={request.comments}
        canComment={request.can.comment}
      />
    </Stack>
  );
}
