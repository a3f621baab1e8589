import { Text, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InputRules, validateValue } from './validation';

/** remaining/total under a length-limited field (spec portal §5 "Generic input rules"). */
export function LengthCounter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation();
  const remaining = max - length;
  return (
    <Text
      component="span"
      size="xs"
      c={remaining < 0 ? 'red' : 'dimmed'}
      aria-label={t('validation.counterLabel', { remaining, total: max })}
      data-testid="length-counter"
    >
      {t('validation.counter', { remaining, total: max })}
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
  /** Shows remaining/total when the rules have a maximum length (default on). */
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
