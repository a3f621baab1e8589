import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from '../i18n';
import { formatDay, parseDay } from '../i18n/dates';

export interface DayInputProps
  extends Omit<
    DateInputProps,
    'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale' | 'minDate' | 'maxDate'
  > {
  /** The day as `YYYY-MM-DD`; '' or null for none. */
  value: string | null;
  /** The day chosen or typed, `YYYY-MM-DD`; null once the field is cleared. */
  onChange: (value: string | null) => void;
  /** The first and last days offered (`YYYY-MM-DD`; '' or null for no limit). */
  minDate?: string | null;
  maxDate?: string | null;
}

/**
 * The app's one date field: the day is shown and typed in the interface language's format (`formatDay`: 27.11.2026
 * in Russian and Ukrainian, 27 Nov 2026 in English), and also read as 2026-11-27, 27.11.2026 or 27 Nov 2026 whatever
 * the language. The calendar beside it names months and weekdays in the language.
 *
 * `minDate`/`maxDate` grey out the days outside them in the calendar; a day typed outside them still reaches the
 * form, whose own rules say what is wrong with it (a field that silently undid what was typed would not). Emptying
 * the text empties the value.
 */
export function DayInput({
  value,
  onChange,
  minDate,
  maxDate,
  excludeDate,
  placeholder,
  leftSection,
  popoverProps,
  clearButtonProps,
  onChangeCapture,
  ...others
}: DayInputProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language ?? 'ru';
  return (
    <DateInput
      locale={lang}
      valueFormat={(day) => formatDay(day, lang)}
      dateParser={parseDay}
      value={value || null}
      onChange={(day) => onChange(day ? day.slice(0, 10) : null)}
      excludeDate={(day) => (!!minDate && day < minDate) || (!!maxDate && day > maxDate) || !!excludeDate?.(day)}
      placeholder={placeholder ?? t('dates.dayPlaceholder')}
      leftSection={leftSection ?? <IconCalendar size={16} aria-hidden />}
      popoverProps={{ withinPortal: true, ...popoverProps }}
      clearButtonProps={{ 'aria-label': t('dates.clear'), ...clearButtonProps }}
      onChangeCapture={(event) => {
        onChangeCapture?.(event);
        // An emptied field has no day, required or not (Mantine keeps the last day unless it may be deselected).
        if (value && !event.currentTarget.value.trim()) onChange(null);
      }}
      {...others}
    />
  );
}
