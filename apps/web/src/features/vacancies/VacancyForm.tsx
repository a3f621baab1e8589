import {
  ARTICLE_TITLE_MAX,
  type ArticleDoc,
  type ArticleDto,
  SALARY_MAX,
  VACANCY_RECEIVERS_MAX,
} from '@hallway/shared/articles';
import { Alert, Button, Group, Input, Modal, NumberInput, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { useSession } from '../../app/session/context';
import { errorText, fieldErrors } from '../../i18n/errors';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { PeoplePicker, type PickedPerson } from '../../ui/PeoplePicker';
import { showSuccess } from '../../ui/toast';
import { validateValue } from '../../ui/validation';
import { ArticleEditor, isEmptyDoc, TagPicker } from '../articles';
import { vacancyMutations, vacancyQueries } from './queries';
import { useVacanciesTexts } from './texts';

export interface VacancyValues {
  title: string;
  doc: ArticleDoc | null;
  salaryFrom: number | null;
  salaryTo: number | null;
  receivers: string[];
  tags: string[];
}

type Field = 'title' | 'doc' | 'salary_from' | 'salary_to' | 'receivers' | 'tags';

/** The client's own checks (modules §5): a title within its limit, and a salary "from" not above "to". */
export function checkVacancy(values: VacancyValues, salaryRange: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const title = validateValue(values.title, { required: true, maxLength: ARTICLE_TITLE_MAX });
  if (title) errors.title = title;
  if (values.salaryFrom != null && values.salaryTo != null && values.salaryFrom > values.salaryTo) {
    errors.salary_from = salaryRange;
  }
  return errors;
}

const asAmount = (value: string | number) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * A vacancy's fields (modules §3 "Vacancy"): title with its counter, description, salary range, the people who
 * receive responses and a tag. Refusals of the server land on their fields in the person's language; a save made
 * from an older version (409 `article_version_conflict`) is handed to `onConflict`.
 */
export function VacancyFields({
  initial,
  knownReceivers = [],
  submitLabel,
  onSubmit,
  onCancel,
  onConflict,
}: {
  initial: VacancyValues;
  knownReceivers?: PickedPerson[];
  submitLabel: string;
  onSubmit: (values: VacancyValues) => Promise<unknown>;
  onCancel: () => void;
  onConflict?: () => void;
}) {
  const { t } = useVacanciesTexts();
  const clientId = useSession().client?._id ?? '';
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const local = submitted ? checkVacancy(values, t('form.salaryRange')) : {};
  // The salary check speaks as soon as both ends are there, not only on submit.
  const range =
    values.salaryFrom != null && values.salaryTo != null && values.salaryFrom > values.salaryTo
      ? t('form.salaryRange')
      : undefined;
  const errorOf = (field: Field) => server[field] ?? local[field];

  const set = <K extends keyof VacancyValues>(key: K, value: VacancyValues[K], field: Field) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServer((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(checkVacancy(values, t('form.salaryRange'))).length) return;
    setBusy(true);
    setFormError(null);
    try {
      await onSubmit({ ...values, title: values.title.trim() });
    } catch (error) {
      if (isApiError(error) && error.code === 'article_version_conflict' && onConflict) return onConflict();
      const byField = Object.entries(fieldErrors(error)).filter(([name]) =>
        ['title', 'doc', 'salary_from', 'salary_to', 'receivers', 'tags'].includes(name),
      );
      if (byField.length) setServer(Object.fromEntries(byField));
      else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <CountedTextInput
          label={t('form.title')}
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value, 'title')}
          max={ARTICLE_TITLE_MAX}
          error={errorOf('title')}
          withAsterisk
          data-autofocus
        />
        <Input.Wrapper label={t('form.body')} labelElement="div" error={errorOf('doc')}>
          <ArticleEditor
            initial={initial.doc}
            onChange={(doc) => set('doc', doc, 'doc')}
            label={t('form.body')}
            invalid={!!errorOf('doc')}
          />
        </Input.Wrapper>
        <Group gap="sm" grow align="flex-start" wrap="wrap">
          <NumberInput
            label={t('form.salaryFrom')}
            value={values.salaryFrom ?? ''}
            onChange={(value) => set('salaryFrom', asAmount(value), 'salary_from')}
            min={0}
            max={SALARY_MAX}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            error={errorOf('salary_from') ?? range}
            miw={150}
          />
          <NumberInput
            label={t('form.salaryTo')}
            value={values.salaryTo ?? ''}
            onChange={(value) => set('salaryTo', asAmount(value), 'salary_to')}
            min={0}
            max={SALARY_MAX}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            error={errorOf('salary_to')}
            miw={150}
          />
        </Group>
        <PeoplePicker
          label={t('form.receivers')}
          description={t('form.receiversHint')}
          value={values.receivers}
          known={knownReceivers}
          onChange={(ids) => set('receivers', ids, 'receivers')}
          maxValues={VACANCY_RECEIVERS_MAX}
          error={errorOf('receivers')}
          comboboxProps={{ withinPortal: true }}
        />
        <TagPicker
          clientId={clientId}
          module="vacancies"
          label={t('form.tag')}
          value={values.tags}
          onChange={(ids) => set('tags', ids, 'tags')}
          max={1}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const EMPTY: VacancyValues = { title: '', doc: null, salaryFrom: null, salaryTo: null, receivers: [], tags: [] };

const bodyOf = (values: VacancyValues) => ({
  title: values.title,
  doc: isEmptyDoc(values.doc) ? null : values.doc,
  salary_from: values.salaryFrom,
  salary_to: values.salaryTo,
  receivers: values.receivers,
});

/** The form's dialog: the whole screen on a phone. */
function FormModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
}) {
  const { t } = useVacanciesTexts();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('form.cancel') }}
    >
      {opened && children}
    </Modal>
  );
}

/** "New vacancy": `POST api/article` in the section `vacancy`; the new vacancy opens at once. */
export function CreateVacancyModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (vacancy: ArticleDto) => void;
}) {
  const { t } = useVacanciesTexts();
  const client = useQueryClient();
  const create = useMutation(vacancyMutations.create(client));
  return (
    <FormModal opened={opened} onClose={onClose} title={t('form.createTitle')}>
      <VacancyFields
        initial={EMPTY}
        submitLabel={t('form.create')}
        onCancel={onClose}
        onSubmit={async (values) => {
          const vacancy = await create.mutateAsync({ ...bodyOf(values), tags: values.tags });
          showSuccess(t('form.created'));
          onCreated(vacancy);
        }}
      />
    </FormModal>
  );
}

/**
 * "Edit": `PUT api/article/{id}` from the version read (`base_version`), then the tag's change. When someone else
 * saved in between, the form says so and offers to load their version.
 */
export function EditVacancyModal({
  vacancy,
  opened,
  onClose,
}: {
  vacancy: ArticleDto;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useVacanciesTexts();
  const client = useQueryClient();
  const update = useMutation(vacancyMutations.update(client, vacancy._id));
  const [conflict, setConflict] = useState(false);
  const fresh = useQuery({ ...vacancyQueries.one(vacancy._id), enabled: false });
  const previousTags = vacancy.tags.map((tag) => tag._id);
  const reload = async () => {
    await fresh.refetch();
    setConflict(false);
  };
  return (
    <FormModal
      opened={opened}
      onClose={() => {
        setConflict(false);
        onClose();
      }}
      title={t('form.editTitle')}
    >
      <Stack gap="sm">
        {conflict && (
          <Alert color="orange" variant="light" role="alert" title={t('form.conflictTitle')}>
            <Stack gap="xs" align="flex-start">
              {t('form.conflictText')}
              <Button size="xs" variant="light" color="orange" loading={fresh.isFetching} onClick={reload}>
                {t('form.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        <VacancyFields
          // A reloaded vacancy starts the form again from its new version.
          key={vacancy.version}
          initial={{
            title: vacancy.title,
            doc: vacancy.doc,
            salaryFrom: vacancy.salary_from,
            salaryTo: vacancy.salary_to,
            receivers: vacancy.receivers.map((person) => person._id),
            tags: previousTags,
          }}
          knownReceivers={vacancy.receivers}
          submitLabel={t('form.save')}
          onCancel={onClose}
          onConflict={() => setConflict(true)}
          onSubmit={async (values) => {
            await update.mutateAsync({
              ...bodyOf(values),
              base_version: vacancy.version,
              tags: values.tags,
              previousTags,
            });
            showSuccess(t('form.saved'));
            onClose();
          }}
        />
      </Stack>
    </FormModal>
  );
}
