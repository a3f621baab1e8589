import {
  TEST_DESCRIPTION_MAX,
  TEST_TIME_LIMIT_MAX,
  TEST_TITLE_MAX,
  type TestBody,
  type TestDto,
} from '@hallway/shared/learning';
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../api/client';
import { useCatalogues } from '../../../i18n/catalogues';
import { errorText, translateCode } from '../../../i18n/errors';
import { CountedTextInput } from '../../../ui/CountedTextInput';
import { LengthCounter } from '../../../ui/ValidatedInput';
import { useLearningTexts } from '../texts';
import { checkSettings, type Problems, type SettingsDraft, serverProblems, settingsOf } from './rules';

const FIELDS = [
  'title',
  'description',
  'showright',
  'show_score',
  'shuffle_questions',
  'shuffle_answers',
  'time_limit',
  'pass_score',
];

export interface TestSettingsFormProps {
  test?: TestDto;
  /** Nothing may change (people took the test). */
  disabled?: boolean;
  submitLabel: string;
  /** Sends the settings; a refusal is thrown back for the fields it names. */
  onSubmit: (body: TestBody) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A test's settings (modules §3 Test, §5): title with its counter, description, what a finished attempt shows,
 * shuffling, the time limit and the passing score. The shared schema checks them here as the server does.
 */
export function TestSettingsForm({ test, disabled = false, submitLabel, onSubmit, onCancel }: TestSettingsFormProps) {
  const { t } = useLearningTexts();
  useCatalogues();
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsOf(test));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = checkSettings(draft);
  const local = checked.problems ?? {};
  const errorOf = (field: string) => {
    const problem = server[field] ?? (submitted ? local[field] : undefined);
    return problem ? translateCode(problem.code, problem.params) : undefined;
  };
  const change = (patch: Partial<SettingsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setServer((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field];
      return next;
    });
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (checked.problems) return;
    setBusy(true);
    setFormError(null);
    try {
      await onSubmit(checked.body);
      setSubmitted(false);
    } catch (error) {
      const placed = isApiError(error) ? serverProblems(error.fields, error.params) : {};
      const known = Object.keys(placed).filter((field) => FIELDS.includes(field));
      setServer(placed);
      if (known.length === 0 || known.length < Object.keys(placed).length) setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="test-settings">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="test-settings">
            {t('tests.settings')}
          </Title>
          <CountedTextInput
            label={t('tests.title')}
            value={draft.title}
            onChange={(event) => change({ title: event.currentTarget.value })}
            max={TEST_TITLE_MAX}
            error={errorOf('title')}
            disabled={disabled}
            withAsterisk
          />
          <Textarea
            label={t('tests.description')}
            value={draft.description}
            onChange={(event) => change({ description: event.currentTarget.value })}
            description={<LengthCounter length={draft.description.length} max={TEST_DESCRIPTION_MAX} />}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errorOf('description')}
            disabled={disabled}
            autosize
            minRows={2}
            maxRows={8}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <Switch
              label={t('tests.showright')}
              description={t('tests.showrightHint')}
              checked={draft.showright}
              onChange={(event) => change({ showright: event.currentTarget.checked })}
              disabled={disabled}
            />
            <Switch
              label={t('tests.showScore')}
              description={t('tests.showScoreHint')}
              checked={draft.show_score}
              onChange={(event) => change({ show_score: event.currentTarget.checked })}
              disabled={disabled}
            />
            <Switch
              label={t('tests.shuffleQuestions')}
              checked={draft.shuffle_questions}
              onChange={(event) => change({ shuffle_questions: event.currentTarget.checked })}
              disabled={disabled}
            />
            <Switch
              label={t('tests.shuffleAnswers')}
              checked={draft.shuffle_answers}
              onChange={(event) => change({ shuffle_answers: event.currentTarget.checked })}
              disabled={disabled}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={t('tests.timeLimit')}
              description={t('tests.timeLimitHint', { max: TEST_TIME_LIMIT_MAX })}
              value={draft.time_limit}
              onChange={(value) => change({ time_limit: value })}
              min={0}
              max={TEST_TIME_LIMIT_MAX}
              allowDecimal={false}
              allowNegative={false}
              error={errorOf('time_limit')}
              disabled={disabled}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <NumberInput
              label={t('tests.passScore')}
              description={t('tests.passScoreHint')}
              value={draft.pass_score}
              onChange={(value) => change({ pass_score: value })}
              min={0}
              max={100}
              suffix="%"
              allowDecimal={false}
              allowNegative={false}
              error={errorOf('pass_score')}
              disabled={disabled}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          </SimpleGrid>
          {formError && (
            <Alert color="red" variant="light" role="alert" py="xs">
              {formError}
            </Alert>
          )}
          {!disabled && (
            <Group justify="flex-end" gap="sm">
              {onCancel && (
                <Button variant="default" onClick={onCancel}>
                  {t('tests.cancel')}
                </Button>
              )}
              <Button type="submit" loading={busy}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
