import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';
import { errorText, fieldErrors } from '../i18n/errors';
import { type InputRules, validateValue } from './validation';

type Values = Record<string, string>;
type RulesOf<V extends Values> = Partial<Record<keyof V, InputRules | ((values: V) => InputRules)>>;

/**
 * A small form state with the generic input rules: errors show after a field is left or the form is submitted,
 * server field errors (`fields` of the error body) land on their fields, anything else on the form.
 */
export function useValidatedForm<V extends Values>(initial: V, rules: RulesOf<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const rulesOf = useCallback(
    (name: keyof V, current: V): InputRules | undefined => {
      const rule = rules[name];
      return typeof rule === 'function' ? rule(current) : rule;
    },
    [rules],
  );

  const clientError = (name: keyof V, current: V): string | null => {
    const rule = rulesOf(name, current);
    return rule ? validateValue(current[name], rule) : null;
  };

  const errorOf = (name: keyof V): string | null =>
    serverErrors[name] ?? (touched[name] || submitted ? clientError(name, values) : null);

  const setValue = (name: keyof V, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
    setFormError(null);
  };

  /** Props for a Mantine text input bound to one field. */
  const field = (name: keyof V) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.currentTarget.value),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: errorOf(name) ?? undefined,
    withAsterisk: !!rulesOf(name, values)?.required,
  });

  /** Props for a date field (`DayInput`) bound to one field: `YYYY-MM-DD`, '' for none. */
  const dayField = (name: keyof V) => ({
    ...field(name),
    onChange: (value: string | null) => setValue(name, value ?? ''),
  });

  const onSubmit = (handler: (values: V) => unknown) => async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const names = Object.keys(values) as (keyof V)[];
    if (names.some((name) => clientError(name, values))) return;
    setSubmitting(true);
    setFormError(null);
    try {
      await handler(values);
    } catch (error) {
      const byField = fieldErrors(error);
      const known = Object.entries(byField).filter(([name]) => name in values);
      if (known.length) setServerErrors(Object.fromEntries(known) as Partial<Record<keyof V, string>>);
      else setFormError(errorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
    setFormError(null);
  };

  return { values, setValue, field, dayField, errorOf, onSubmit, submitting, formError, setFormError, reset };
}
