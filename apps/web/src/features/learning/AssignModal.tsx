import type { AudienceGrantDto } from '@hallway/shared';
import type { CourseDto } from '@hallway/shared/learning';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { errorText, fieldErrors } from '../../i18n/errors';
import { DayInput } from '../../ui/DayInput';
import { type GrantDraft, GrantEditor, grantProblem } from '../../ui/GrantEditor';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { showSuccess } from '../../ui/toast';
import { learningMutations } from './queries';
import { useLearningTexts } from './texts';

const LEVELS = ['read'] as const;

/**
 * Assigning the course: people by name and/or audiences (resolved to people when saved) with an optional due date.
 * Nothing chosen is refused before sending, as the server would (`course_members_required`).
 */
export function AssignModal({
  course,
  opened,
  grants,
  onClose,
}: {
  course: CourseDto;
  opened: boolean;
  grants: AudienceGrantDto[];
  onClose: () => void;
}) {
  const { t } = useLearningTexts();
  return (
    <Modal opened={opened} onClose={onClose} title={t('courses.assign.title')} size="lg" centered>
      {opened && <AssignForm course={course} initialGrants={grants} onDone={onClose} />}
    </Modal>
  );
}

function AssignForm({
  course,
  initialGrants,
  onDone,
}: {
  course: CourseDto;
  initialGrants: AudienceGrantDto[];
  onDone: () => void;
}) {
  const { t } = useLearningTexts();
  const queries = useQueryClient();
  const add = useMutation(learningMutations.addMembers(queries, course._id));
  const [empl, setEmpl] = useState<string[]>([]);
  const [grants, setGrants] = useState<GrantDraft[]>(() => initialGrants.map((grant) => ({ ...grant, level: 'read' })));
  const [due, setDue] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<{ empl?: string; due?: string; form?: string }>({});

  const submit = () => {
    setSubmitted(true);
    if (empl.length === 0 && grants.length === 0) {
      setErrors({ empl: t('courses.assign.required') });
      return;
    }
    if (grants.some((grant) => grantProblem(grant))) return;
    setErrors({});
    add.mutate(
      { empl, grants, due },
      {
        onSuccess: (answer) => {
          showSuccess(t('courses.assign.done', { added: answer.added, total: answer.total }));
          onDone();
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          // The server's "nothing chosen" belongs on the people field, in the words the form uses itself.
          const required =
            isApiError(error) &&
            Object.values({ code: error.code, ...error.fields }).includes('course_members_required');
          if (required) fields.empl = t('courses.assign.required');
          setErrors(fields.empl || fields.due ? { empl: fields.empl, due: fields.due } : { form: errorText(error) });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <PeoplePicker
          label={t('courses.assign.people')}
          placeholder={t('courses.assign.peopleHint')}
          value={empl}
          onChange={(ids) => {
            setEmpl(ids);
            if (ids.length) setErrors((was) => ({ ...was, empl: undefined }));
          }}
          error={errors.empl}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('courses.assign.audiences')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('courses.assign.audiencesHint')}
          </Text>
          <GrantEditor
            value={grants}
            onChange={(next) => {
              setGrants(next);
              if (next.length) setErrors((was) => ({ ...was, empl: undefined }));
            }}
            levels={LEVELS}
            showErrors={submitted}
            emptyText={null}
          />
        </Stack>
        <DayInput
          label={t('courses.assign.due')}
          description={t('courses.assign.dueHint')}
          value={due}
          onChange={setDue}
          clearable
          error={errors.due}
          maw={260}
        />
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('courses.assign.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('courses.assign.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
