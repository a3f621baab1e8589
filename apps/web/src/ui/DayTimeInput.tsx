import { Group, Input, type InputWrapperProps, type MantineSize, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from '../i18n';
import { DayInput } from './DayInput';

export interface DayTimeInputProps
  extends Omit<InputWrapperProps, 'children' | 'onChange' | 'size' | 'label' | 'labelElement'> {
  /** What the day and time are for; it names the pair (a group of two fields: the day and the time). */
  label: string;
  /**
   * The moment as the local `YYYY-MM-DDTHH:mm` of a `datetime-local` field; '' for none. A half-made choice keeps
   * its half ('2026-11-27T' until a time is given), which is no valid moment: `new Date` of it is an Invalid Date.
   */
  value: string;
  onChange: (value: string) => void;
  /** The first day offered in the calendar (`YYYY-MM-DD`). */
  minDate?: string;
  size?: MantineSize;
}

/**
 * A day and a time: the app's date field (`DayInput`, the day in the language's format) and a time field, for a
 * moment in local time such as "publish later". The pair is one labelled group; its error belongs to both.
 */
export function DayTimeInput({ label, value, onChange, minDate, size, error, ...others }: DayTimeInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [day = '', time = ''] = value ? value.split('T') : [];
  const change = (nextDay: string, nextTime: string) => onChange(nextDay || nextTime ? `${nextDay}T${nextTime}` : '');
  const invalid = !!error;
  const described = invalid ? errorId : undefined;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      error={error}
      errorProps={{ id: errorId }}
      size={size}
      role="group"
      aria-labelledby={labelId}
      {...others}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DayInput
          aria-label={t('dates.day')}
          aria-describedby={described}
          size={size}
          value={day}
          onChange={(next) => change(next ?? '', time)}
          minDate={minDate}
          error={invalid}
          style={{ flex: '1 1 9.5em', minWidth: 0 }}
        />
        <TextInput
          type="time"
          aria-label={t('dates.time')}
          aria-describedby={described}
          size={size}
          value={time.slice(0, 5)}
          onChange={(event) => change(day, event.currentTarget.value)}
          leftSection={<IconClock size={14} aria-hidden />}
          error={invalid}
          style={{ flex: '0 0 8.5em' }}
        />
      </Group>
    </Input.Wrapper>
  );
}
