import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTemplate } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import type { TemplatesPage } from './api';
import { useServicesTexts } from './texts';

/** The designer's list (`GET api/bp/tmpls`): the services the person designs, switched-off ones too. */
export function TemplatesList({ query }: { query: UseQueryResult<TemplatesPage> }) {
  const { t } = useServicesTexts();
  return (
    <QueryState
      query={query}
      loading={<SkeletonRows rows={3} label={t('manage.loading')} />}
      isEmpty={(data) => data.result.length === 0}
      empty={
        <EmptyState
          icon={<IconTemplate size={28} stroke={1.5} />}
          title={t('manage.emptyTitle')}
          description={t('manage.emptyText')}
        />
      }
    >
      {(data) => (
        <Stack gap="sm" component="ul" className="hw-services-plain-list">
          {data.result.map((service) => (
            <Group key={service._id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} miw={0}>
                <Anchor component={Link} to={`/service/${service._id}`} fw={600}>
                  {service.name}
                </Anchor>
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {service.group?.name ?? ''}
                  </Text>
                  {!service.active && (
                    <Badge size="xs" color="gray" variant="light">
                      {t('catalogue.inactive')}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('manage.activeRequests', { count: service.requests.active })} ·{' '}
                    {t('manage.totalRequests', { count: service.requests.total })}
                  </Text>
                </Group>
              </Stack>
              {service.can.edit && (
                <Button
                  component={Link}
                  to={`/service/${service._id}/edit`}
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPencil size={14} />}
                  aria-label={`${t('manage.edit')}: ${service.name}`}
                >
                  {t('manage.edit')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
