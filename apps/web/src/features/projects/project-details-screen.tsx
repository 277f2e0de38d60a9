import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileDollar, IconListDetails, IconReportMoney, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { isProviderRole, PROJECT_TEXT, type ProjectView } from '@siteflow/core';
import { ApiError } from '../../api/client';
import { useCan, useSession } from '../../session';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { ProjectStatusBadge } from '../../ui/project-status-badge';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { ProjectLinksPanel } from '../project-links';
import { useDeleteProject, useProject, useProjectCreateData, type Section } from './api';
import { ClientQuoteButton } from './client-quote-button';
import { ClientEdit, ClientView } from './client-section';
import { DateChangesTable } from './date-changes-table';
import { DetailsEdit, DetailsView, LinkedProjectsView } from './details-section';
import { LocationEdit, LocationView } from './location-section';
import { SectionCard } from './section-card';
import { ServicesEdit, ServicesView } from './services-section';
import { StatusControl } from './status-control';

export type EditMode = 'none' | Section;

/** The names of the edit pencils (one per editable section). */
export const EDIT_LABELS: Record<Section, string> = {
  details: 'Edit details',
  services: 'Edit services',
  other: 'Edit client information',
  location: 'Edit location',
};

function Crumbs({ current }: { current: string }) {
  return <BreadcrumbTrail list="Projects" to="/projects" current={current} />;
}

function DetailsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading project">
      {[220, 120, 120, 260].map((h, i) => (
        <Paper key={i} withBorder radius="lg" p="lg">
          <Skeleton h={18} w={160} mb="md" />
          <Skeleton h={h} />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The service-provider part is another feature (`project-provider`, which itself builds on this
 * feature's query keys): the app passes it in, so projects never imports it.
 */
export type ProviderSlot = (project: ProjectView) => ReactNode;

/** The project's action list (the `tasks` feature, which builds on features that build on this one). */
export type TasksSlot = (project: ProjectView) => ReactNode;

type Slots = { providerSection?: ProviderSlot; tasksSection?: TasksSlot };

export function ProjectDetailsScreen({ providerSection, tasksSection }: Slots = {}) {
  const { id = '' } = useParams();
  const projectId = /^\d+$/.test(id) ? Number(id) : NaN;
  const query = useProject(projectId);

  if (!Number.isInteger(projectId) || projectId <= 0) {
    return (
      <>
        <Crumbs current="Project" />
        <PageHeader title="Project" />
        <ErrorState error={new ApiError(404, PROJECT_TEXT.detailsLoadFailed)} title="Could not load the project" />
      </>
    );
  }
  if (query.isPending) {
    return (
      <>
        <Crumbs current={`Project ${projectId}`} />
        <PageHeader title={`Project ${projectId}`} />
        <DetailsSkeleton />
      </>
    );
  }
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    const final = status === 404 || status === 403;
    return (
      <>
        <Crumbs current={`Project ${projectId}`} />
        <PageHeader title={`Project ${projectId}`} />
        <ErrorState
          error={query.error}
          onRetry={final ? undefined : () => void query.refetch()}
          title={status === 404 ? 'Project not found' : 'Could not load the project'}
        />
      </>
    );
  }
  return <ProjectDetails project={query.data} providerSection={providerSection} tasksSection={tasksSection} />;
}

function ProjectDetails({ project, providerSection, tasksSection }: Slots & { project: ProjectView }) {
  const session = useSession();
  const navigate = useNavigate();
  const [mode, setMode] = useState<EditMode>('none');
  const [presetManager, setPresetManager] = useState<string | null>(null);
  const canCreate = useCan('projects.create');
  const canManageLinks = useCan('projectLinks.manage');
  const canViewTasks = useCan('tasks.view');
  const canViewQuotes = useCan('quotes.view');
  const canViewFinance = useCan('finance.view');
  // The edit forms choose from the same lists as the creation page.
  const reference = useProjectCreateData(project.abilities.edit && canCreate);
  const remove = useDeleteProject(project.id);
  const providerRole = session.user ? isProviderRole(session.user.role) : false;
  const showClient = project.client !== null && !providerRole;

  const pencil = (section: Section) => ({
    editing: mode === section,
    ...(mode === 'none' && project.abilities.edit
      ? {
          editLabel: EDIT_LABELS[section],
          onEdit: () => {
            setPresetManager(null);
            setMode(section);
          },
        }
      : {}),
  });
  const done = () => setMode('none');

  /** An edit form once the lists it chooses from are here. */
  const withReference = (render: (data: NonNullable<typeof reference.data>) => ReactNode) =>
    reference.data ? (
      render(reference.data)
    ) : reference.isError ? (
      <Stack gap="sm">
        <ErrorState error={reference.error} onRetry={() => void reference.refetch()} title="Could not load the form" />
        <Group justify="flex-end">
          <Button variant="default" onClick={done}>
            Cancel
          </Button>
        </Group>
      </Stack>
    ) : (
      <LoadingState label="Loading the form…" />
    );

  const askDelete = () =>
    confirmAction({
      title: 'Delete project?',
      message: `${project.project_code} (${project.name}) and everything recorded on it will be deleted. This cannot be undone.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: (data) => {
            notifySuccess(data.message || PROJECT_TEXT.deleted);
            void navigate(data.redirect_url || '/projects');
          },
          onError: (error) => notifyError(error, 'The project was not deleted'),
        }),
    });

  return (
    <>
      <Crumbs current={project.project_code} />
      <PageHeader
        title={`${project.project_code} · ${project.name}`}
        description={
          <Group gap="sm">
            <ProjectStatusBadge status={project.status} size="lg" data-testid="project-status" />
            {showClient && project.client ? (
              <Text size="sm" c="dimmed">
                {project.client.trading_name}
              </Text>
            ) : null}
          </Group>
        }
        actions={
          <>
            <ClientQuoteButton projectId={project.id} />
            {canViewQuotes ? (
              <Button
                component={Link}
                to={`/projects/${project.id}/quotes`}
                variant="default"
                leftSection={<IconFileDollar size={16} aria-hidden />}
              >
                Quotes
              </Button>
            ) : null}
            {canViewQuotes ? (
              <Button
                component={Link}
                to={`/projects/${project.id}/bill-of-materials`}
                variant="default"
                leftSection={<IconListDetails size={16} aria-hidden />}
              >
                Bill of Materials
              </Button>
            ) : null}
            {canViewFinance ? (
              <Button
                component={Link}
                to={`/projects/${project.id}/finances`}
                variant="default"
                leftSection={<IconReportMoney size={16} aria-hidden />}
              >
                Finances
              </Button>
            ) : null}
            {project.abilities.edit ? <StatusControl project={project} /> : null}
            {project.abilities.delete ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={askDelete}
                loading={remove.isPending}
              >
                Delete
              </Button>
            ) : null}
          </>
        }
      />

      <Stack gap="lg">
        <SectionCard title="Details" {...pencil('details')}>
          {mode === 'details' ? (
            withReference((data) => <DetailsEdit project={project} reference={data} onDone={done} />)
          ) : (
            <DetailsView project={project} />
          )}
        </SectionCard>

        {mode === 'details' ? null : (
          <SectionCard title="Linked Projects">
            <LinkedProjectsView project={project} />
          </SectionCard>
        )}

        <SectionCard title="Tags / Service Category / Service Details" {...pencil('services')}>
          {mode === 'services' ? (
            withReference((data) => <ServicesEdit project={project} reference={data} onDone={done} />)
          ) : (
            <ServicesView project={project} />
          )}
        </SectionCard>

        {showClient ? (
          <SectionCard title="Client Information" {...pencil('other')}>
            {mode === 'other' ? (
              withReference((data) => (
                <ClientEdit project={project} reference={data} onDone={done} presetManager={presetManager} />
              ))
            ) : (
              <ClientView
                project={project}
                onManagerAdded={(manager) => {
                  // Added to choose: open the section with the new manager chosen, when nothing else is edited.
                  if (mode === 'none' && project.abilities.edit) {
                    setPresetManager(manager.id);
                    setMode('other');
                  }
                }}
              />
            )}
          </SectionCard>
        ) : null}

        <SectionCard title="Location of Work" {...pencil('location')}>
          {mode === 'location' ? <LocationEdit project={project} onDone={done} /> : <LocationView project={project} />}
        </SectionCard>

        {providerSection?.(project)}

        {canViewTasks ? tasksSection?.(project) : null}

        <ProjectLinksPanel projectId={project.id} canManage={canManageLinks} />

        <SectionCard title="Date Change History">
          <DateChangesTable changes={project.date_changes} />
        </SectionCard>
      </Stack>
    </>
  );
}
