import { isUuid } from '@hallway/shared';
import type { RequestDto, ServiceDto } from '@hallway/shared/services';
import { Badge, Button, Group, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { displayName } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { PageSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { serviceMutations, serviceQueries } from './queries';
import { RequestForm } from './RequestForm';
import { RequestsList } from './RequestsList';
import { RequestsTable } from './RequestsTable';
import { RequestView } from './RequestView';
import { useServicesTexts } from './texts';
import './services.css';

const isGone = (error: unknown) => isApiError(error) && [400, 403, 404].includes(error.status);

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="40%" fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** The info tab (modules §2): what the service is, its group, type, department, limit, owners. */
function InfoTab({ service }: { service: ServiceDto }) {
  const { t } = useServicesTexts();
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{service.description}</Text>
        <Table>
          <Table.Tbody>
            <Row label={t('service.group')}>{service.group?.name ?? '—'}</Row>
            <Row label={t('service.type')}>{t(`service.${service.type}`)}</Row>
            <Row label={t('service.department')}>{service.department?.name ?? t('service.noDepartment')}</Row>
            <Row label={t('service.daysLimit')}>{service.days_limit ?? t('service.noLimit')}</Row>
            <Row label={t('service.activeState')}>{service.active ? t('service.on') : t('service.off')}</Row>
            <Row label={t('service.owners')}>
              {service.owners.length ? service.owners.map(displayName).join(', ') : t('service.noOwners')}
            </Row>
            {service.can.table && (
              <Row label={t('requests.list')}>
                {t('service.requestsCount', { active: service.requests.active, total: service.requests.total })}
              </Row>
            )}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

/** The steps tab (modules §2): each step with its performers (people, the chief, departments' heads) and fields. */
function StepsTab({ service }: { service: ServiceDto }) {
  const { t } = useServicesTexts();
  return (
    <Stack gap="sm" component="ol" className="hw-services-plain-list">
      {service.steps.map((step, index) => (
        <Paper key={step._id} withBorder radius="lg" p="md" component="li">
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {index + 1}. {step.name}
              </Title>
              {step.review && (
                <Badge variant="light" color="grape">
                  {t('service.review')}
                </Badge>
              )}
            </Group>
            <Group gap="xs">
              {step.performers.map((performer) => {
                const label =
                  performer.kind === 'person'
                    ? performer.user
                      ? displayName(performer.user)
                      : '—'
                    : performer.kind === 'chief'
                      ? t('service.chief')
                      : performer.head
                        ? `${t('service.headOf', { name: performer.department?.name ?? '' })}: ${displayName(performer.head)}`
                        : t('service.noHead', { name: performer.department?.name ?? '' });
                return (
                  <Badge
                    key={`${performer.kind}-${performer.user?._id ?? performer.department?._id ?? 'chief'}`}
                    variant="outline"
                    color="gray"
                    radius="sm"
                    tt="none"
                  >
                    {label}
                  </Badge>
                );
              })}
            </Group>
            {step.fields.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('service.fields', { count: step.fields.length })}:{' '}
                {step.fields.map((field) => field.name).join(', ')}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The rights tab (modules §2): who may request it, its owners, and what the person may do. */
function RightsTab({ service }: { service: ServiceDto }) {
  const { t } = useServicesTexts();
  const yes = (value: boolean) => (value ? t('service.yes') : t('service.no'));
  return (
    <Paper withBorder radius="lg" p="md">
      <Table>
        <Table.Tbody>
          <Row label={t('service.audience')}>
            {service.for_all
              ? t('service.forAll')
              : service.grants.length
                ? service.grants
                    .map((grant) => `${grant.audience}${grant.values.length ? `: ${grant.values.length}` : ''}`)
                    .join('; ')
                : t('service.byGrants')}
          </Row>
          <Row label={t('service.owners')}>
            {service.owners.length ? service.owners.map(displayName).join(', ') : t('service.noOwners')}
          </Row>
          <Row label={t('service.canRequest')}>{yes(service.can.request)}</Row>
          <Row label={t('service.canEdit')}>{yes(service.can.edit)}</Row>
          <Row label={t('service.canTable')}>{yes(service.can.table)}</Row>
          <Row label={t('service.canDelete')}>{yes(service.can.delete)}</Row>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

const TABS = ['request', 'info', 'steps', 'rights', 'my', 'table'] as const;
type Tab = (typeof TABS)[number];

/** A service's page (modules §2 "/service/:_id"): the request form and the tabs info, steps, rights, my, table. */
function ServiceView({ service }: { service: ServiceDto }) {
  const { t } = useServicesTexts();
  const navigate = useNavigate();
  const remove = useMutation(serviceMutations.remove(useQueryClient()));
  const [params, setParams] = useSearchParams();
  const [deleting, setDeleting] = useState(false);
  const tabs = TABS.filter((tab) =>
    tab === 'table' ? service.can.table : tab === 'request' ? service.can.request : true,
  );
  const raw = params.get('tab') as Tab | null;
  const tab: Tab = raw && tabs.includes(raw) ? raw : tabs[0];
  const actions = (service.can.edit || service.can.delete) && (
    <>
      {service.can.edit && (
        <Button
          component={Link}
          to={`/service/${service._id}/edit`}
          variant="default"
          radius="xl"
          leftSection={<IconPencil size={16} />}
        >
          {t('service.edit')}
        </Button>
      )}
      {service.can.delete && (
        <Button
          variant="subtle"
          color="red"
          radius="xl"
          leftSection={<IconTrash size={16} />}
          onClick={() => setDeleting(true)}
        >
          {t('service.delete')}
        </Button>
      )}
    </>
  );
  return (
    <Stack gap="md">
      <PageHeader
        title={service.name}
        description={[service.group?.name, t(`service.${service.type}`), service.active ? null : t('service.off')]
          .filter(Boolean)
          .join(' · ')}
        actions={actions}
      />
      <Tabs value={tab} onChange={(next) => next && setParams([['tab', next]], { replace: true })} keepMounted={false}>
        <Tabs.List aria-label={t('service.tabs')} className="hw-services-tabs">
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`service.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="request" pt="md">
          <Stack gap="md">
            {service.description && (
              <Text c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {service.description}
              </Text>
            )}
            <RequestForm service={service} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="info" pt="md">
          <InfoTab service={service} />
        </Tabs.Panel>
        <Tabs.Panel value="steps" pt="md">
          <StepsTab service={service} />
        </Tabs.Panel>
        <Tabs.Panel value="rights" pt="md">
          <RightsTab service={service} />
        </Tabs.Panel>
        <Tabs.Panel value="my" pt="md">
          <RequestsList
            as="requester"
            serviceId={service.can.table ? undefined : service._id}
            onlyService={service._id}
          />
        </Tabs.Panel>
        {service.can.table && (
          <Tabs.Panel value="table" pt="md">
            <RequestsTable service={service} />
          </Tabs.Panel>
        )}
      </Tabs>
      <ConfirmDialog
        opened={deleting}
        title={t('service.deleteTitle')}
        message={t('service.deleteText', { name: service.name })}
        confirmLabel={t('service.delete')}
        danger
        onConfirm={async () => {
          await remove.mutateAsync(service._id);
          showSuccess(t('service.deleted'));
          navigate('/services');
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

/** /service/:_id: a service (its form and tabs) or a request (its page): one id space, as the server's `bp`. */
export default function ServicePage() {
  const { t } = useServicesTexts();
  const { _id: raw = '' } = useParams();
  const id = raw.toLowerCase();
  const valid = isUuid(id);
  const query = useQuery({ ...serviceQueries.one(id), enabled: valid });
  if (!valid || isGone(query.error)) {
    return (
      <Stack gap="md" maw={1100} mx="auto" w="100%">
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
        <Paper withBorder radius="lg" p="xl">
          <EmptyState title={t('service.notFound')} />
        </Paper>
      </Stack>
    );
  }
  return (
    <QueryState query={query} loading={<PageSkeleton rows={5} label={t('catalogue.loading')} />}>
      {(bp) =>
        bp.template ? (
          <Stack gap="md" maw={1100} mx="auto" w="100%">
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
            <ServiceView service={bp as ServiceDto} />
          </Stack>
        ) : (
          <RequestView request={bp as RequestDto} />
        )
      }
    </QueryState>
  );
}
