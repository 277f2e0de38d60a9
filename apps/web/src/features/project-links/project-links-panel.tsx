import { useId, useState } from 'react';
import { ActionIcon, Anchor, Button, Drawer, Group, Paper, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconPencil, IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { PROJECT_LINK_TEXT, type ProjectLinkView } from '@siteflow/core';
import { ErrorState } from '../../ui/query-states';
import { LINKS_PAGE_SIZE, useProjectLinks } from './api';
import { LinkForm } from './link-form';

type FormState = { mode: 'create'; key: number } | { mode: 'edit'; key: number; linkId: string };

/**
 * Spec 1, Project links panel: a paged table of the project's links (Title, Url, actions) and
 * a side form to create, edit or delete one. Without canManage the table is read-only.
 */
export function ProjectLinksPanel({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const links = useProjectLinks(projectId, page, LINKS_PAGE_SIZE);
  // The form last opened stays set while the drawer closes (its title does not flip meanwhile).
  const [form, setForm] = useState<FormState | null>(null);
  const [opened, setOpened] = useState(false);

  const openForm = (next: { mode: 'create' } | { mode: 'edit'; linkId: string }) => {
    setForm({ ...next, key: (form?.key ?? 0) + 1 });
    setOpened(true);
  };
  const close = () => setOpened(false);

  // Deleting the last link of a later page steps back a page.
  const data = links.data;
  if (data && data.items.length === 0 && data.total > 0 && page > 1) {
    setPage(Math.max(1, Math.ceil(data.total / LINKS_PAGE_SIZE)));
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" mb="md" wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          Project Links
        </Title>
        {canManage ? (
          <Button
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => openForm({ mode: 'create' })}
          >
            {PROJECT_LINK_TEXT.addNew}
          </Button>
        ) : null}
      </Group>

      {links.isError ? (
        <ErrorState error={links.error} onRetry={() => void links.refetch()} title="Could not load the links" />
      ) : (
        <DataTable<ProjectLinkView>
          aria-label="Project links"
          minHeight={data?.items.length ? undefined : 150}
          verticalSpacing="sm"
          highlightOnHover
          fetching={links.isFetching}
          records={data?.items ?? []}
          totalRecords={data?.total ?? 0}
          page={page}
          onPageChange={setPage}
          recordsPerPage={LINKS_PAGE_SIZE}
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          noRecordsText="No links yet."
          loadingText="Loading links…"
          columns={[
            { accessor: 'title', title: 'Title', render: (l) => l.title || '' },
            {
              accessor: 'url',
              title: 'Url',
              render: (l) => (
                <Anchor
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  style={{ wordBreak: 'break-all' }}
                >
                  {l.url}
                  <IconExternalLink size={12} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Anchor>
              ),
            },
            {
              accessor: 'actions',
              title: <VisuallyHidden>Actions</VisuallyHidden>,
              textAlign: 'right',
              width: 70,
              hidden: !canManage,
              render: (l) => (
                <Tooltip label="Edit" withArrow>
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={`Edit ${l.title || l.url}`}
                    onClick={() => openForm({ mode: 'edit', linkId: l.id })}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
        />
      )}

      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="md"
        title={form?.mode === 'edit' ? PROJECT_LINK_TEXT.edit : PROJECT_LINK_TEXT.create}
        closeButtonProps={{ 'aria-label': 'Close form' }}
      >
        {form ? (
          <LinkForm
            key={form.key}
            projectId={projectId}
            linkId={form.mode === 'edit' ? form.linkId : undefined}
            onClose={close}
          />
        ) : null}
      </Drawer>
    </Paper>
  );
}
