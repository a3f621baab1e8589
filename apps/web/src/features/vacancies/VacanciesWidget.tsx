import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { QueryState } from '../../ui/States';
import { WidgetCard } from '../../ui/WidgetCard';
import { salaryText } from './format';
import { vacancyQueries, WIDGET_SIZE } from './queries';
import { useVacanciesTexts } from './texts';

/** The widget's first request: the newest vacancies the signed-in person may read. */
export const vacanciesWidgetQuery = (clientId: string, userId: string) => vacancyQueries.newest(clientId, userId);

/** The wall's vacancies (modules §2 "wall widgets"): the five newest the person may read, each a link. */
export function VacanciesWidget({ clientId, enabled }: { clientId: string; enabled: boolean }) {
  const { t, lang } = useVacanciesTexts();
  const userId = useSession().user?._id ?? '';
  const query = useQuery({ ...vacanciesWidgetQuery(clientId, userId), enabled: enabled && !!clientId && !!userId });
  const newest = query.data?.result.slice(0, WIDGET_SIZE) ?? [];
  return (
    <WidgetCard icon={<IconBriefcase size={16} />} color="teal" title={t('widget.title')}>
      <QueryState
        query={query}
        compactError
        loading={<Skeleton height={40} radius="md" />}
        isEmpty={() => newest.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('widget.empty')}
          </Text>
        }
      >
        {() => (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {newest.map((vacancy) => (
              <Group key={vacancy._id} component="li" gap="sm" wrap="nowrap" className="hw-widget-row">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Anchor
                    component={Link}
                    to={`/vacancy/${vacancy._id}`}
                    size="sm"
                    fw={500}
                    c="var(--mantine-color-text)"
                    truncate="end"
                    display="block"
                  >
                    {vacancy.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    {salaryText(vacancy.salary_from, vacancy.salary_to, lang, t)}
                    {vacancy.tags[0] ? ` · ${vacancy.tags[0].name}` : ''}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
      <Anchor component={Link} to="/vacancies/" size="sm">
        {t('widget.all')}
      </Anchor>
    </WidgetCard>
  );
}
