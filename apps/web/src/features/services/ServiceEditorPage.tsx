import { isUuid } from '@hallway/shared';
import type { ServiceDto } from '@hallway/shared/services';
import { Button, Paper, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { PageSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState } from '../../ui/States';
import { serviceQueries } from './queries';
import { ServiceDesigner } from './ServiceDesigner';
import { useServicesTexts } from './texts';
import './services.css';

/** /service/new (modules §5): a new service. */
export default function NewServicePage() {
  const { t } = useServicesTexts();
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Button
        component={Link}
        to="/services"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        w="fit-content"
        px="xs"
      >
        {t('catalogue.title')}
      </Button>
      <PageHeader title={t('designer.newTitle')} />
      <ServiceDesigner />
    </Stack>
  );
}

/** /service/:_id/edit: the designer of a service its owners and administrators edit. */
export function EditServicePage() {
  const { t } = useServicesTexts();
  const { _id: raw = '' } = useParams();
  const id = raw.toLowerCase();
  const valid = isUuid(id);
  const query = useQuery({ ...serviceQueries.one(id), enabled: valid });
  const service = query.data?.template ? (query.data as ServiceDto) : null;
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Button
        component={Link}
        to={`/service/${id}`}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        w="fit-content"
        px="xs"
      >
        {service?.name ?? t('catalogue.title')}
      </Button>
      <PageHeader title={t('designer.editTitle')} />
      {!valid || query.isError || (query.data && !service?.can.edit) ? (
        <Paper withBorder radius="lg" p="xl">
          <EmptyState title={t('service.notFound')} />
        </Paper>
      ) : (
        <QueryState query={query} loading={<PageSkeleton rows={6} label={t('catalogue.loading')} />}>
          {() => (service ? <ServiceDesigner key={service.updated} service={service} /> : null)}
        </QueryState>
      )}
    </Stack>
  );
}
