import { ActionIcon, Button, Group, Loader, SegmentedControl, Switch, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCalendarTexts } from './texts';
import type { EventsScope } from './types';

export const VIEWS = {
  year: 'multiMonthYear',
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
} as const;
export type ViewName = keyof typeof VIEWS;

/** A layer's switch: shown when the layer is offered. */
interface Layer {
  offered: boolean;
  on: boolean;
  onChange: (on: boolean) => void;
}

/**
 * The calendar's toolbar: previous, today, next and the span shown; the view; whose events; the vacations and
 * birthdays layers.
 */
export function CalendarToolbar({
  title,
  loading,
  go,
  view,
  onView,
  scope,
  onScope,
  vacations,
  birthdays,
}: {
  title: string;
  loading: boolean;
  go: (where: 'prev' | 'today' | 'next') => void;
  view: ViewName;
  onView: (view: ViewName) => void;
  scope: EventsScope;
  onScope: (scope: EventsScope) => void;
  vacations: Layer;
  birthdays: Layer;
}) {
  const { t } = useCalendarTexts();
  return (
    <>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t('toolbar.previous')} onClick={() => go('prev')}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => go('today')}>
            {t('toolbar.today')}
          </Button>
          <ActionIcon variant="default" size="lg" aria-label={t('toolbar.next')} onClick={() => go('next')}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Text fw={600} size="lg" ml="xs" aria-live="polite" data-testid="calendar-title">
            {title}
          </Text>
          {loading && <Loader size="xs" aria-label={t('toolbar.loading')} />}
        </Group>
        <SegmentedControl
          aria-label={t('toolbar.view')}
          value={view}
          onChange={(value) => onView(value as ViewName)}
          data={(Object.keys(VIEWS) as ViewName[]).map((name) => ({ value: name, label: t(`toolbar.${name}`) }))}
        />
      </Group>
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label={t('toolbar.show')}
          value={scope}
          onChange={(value) => onScope(value as EventsScope)}
          data={[
            { value: 'mine', label: t('toolbar.mine') },
            { value: 'visible', label: t('toolbar.visible') },
          ]}
        />
        {vacations.offered && (
          <Switch
            label={t('toolbar.vacations')}
            checked={vacations.on}
            onChange={(e) => vacations.onChange(e.currentTarget.checked)}
          />
        )}
        {birthdays.offered && (
          <Switch
            label={t('toolbar.birthdays')}
            checked={birthdays.on}
            onChange={(e) => birthdays.onChange(e.currentTarget.checked)}
          />
        )}
      </Group>
    </>
  );
}
