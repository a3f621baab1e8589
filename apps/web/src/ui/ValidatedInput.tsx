import { Text, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from '../i18n';
import { type InputRules, validateValue } from './validation';

/** Share of the limit from which the counter shows: a counter on every field, far from its limit, is noise. */
export const COUNTER_FROM = 0.8;

/** used/limit under a length-limited field (spec portal §5 "Generic input rules"), only near the limit. */
export function LengthCounter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation();
  if (length < max * COUNTER_FROM) return null;
  return (
    <Text
      component="span"
      size="xs"
      c={length > max ? 'red' : 'dimmed'}
      aria-label={t('validation.counterLabel', { used: length, total: max })}
      data-testid="length-counter"
    >
      {t('validation.counter', { used: length, total: max })}
    </Text>
  );
}

export interface ValidatedInputProps extends Omit<TextInputProps, 'onChange' | 'value' | 'error'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rules?: InputRules;
  /** Show errors without waiting for the field to be left (after a submit attempt). */
  showErrors?: boolean;
  /** A message from elsewhere (the server) wins over the rules. */
  error?: string | null;
  multiline?: boolean;
  /** Shows used/limit near the maximum length when the rules have one (default on). */
  counter?: boolean;
}

/** A text field that applies the generic input rules and shows the length counter. */
export function ValidatedInput({
  label,
  value,
  onChange,
  rules = {},
  showErrors = false,
  error,
  multiline = false,
  counter = true,
  onBlur,
  ...rest
}: ValidatedInputProps) {
  const [touched, setTouched] = useState(false);
  const ruleError = touched || showErrors ? validateValue(value, rules) : null;
  const shown = error || ruleError || undefined;
  const description =
    counter && rules.maxLength !== undefined ? (
      <LengthCounter length={value.length} max={rules.maxLength} />
    ) : undefined;
  const common = {
    label,
    value,
    error: shown,
    withAsterisk: !!rules.required,
    description,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.currentTarget.value),
    'aria-invalid': shown ? true : undefined,
  };
  if (multiline) {
    return (
      <Textarea
        {...common}
        autosize
        minRows={3}
        onBlur={() => setTouched(true)}
        {...(rest as Record<string, unknown>)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      onBlur={(event) => {
        setTouched(true);
        onBlur?.(event);
      }}
      {...rest}
    />
  );
}
