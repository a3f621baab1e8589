import { TextInput, type TextInputProps } from '@mantine/core';
import { LengthCounter } from './ValidatedInput';

export interface CountedTextInputProps extends Omit<TextInputProps, 'description' | 'inputWrapperOrder'> {
  value: string;
  /** The field's limit, from the shared schemas' limits (`@hallway/shared`). */
  max: number;
}

/** A text input that shows used/limit under it near the limit (spec portal §5 "Generic input rules"). */
export function CountedTextInput({ max, value, ...rest }: CountedTextInputProps) {
  return (
    <TextInput
      {...rest}
      value={value}
      description={<LengthCounter length={value.length} max={max} />}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
