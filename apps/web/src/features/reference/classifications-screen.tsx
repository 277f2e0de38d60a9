import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconToggleLeft, IconToggleRight, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { ClassificationInput, DEFAULT_CLASSIFICATION, type ClassificationView } from '@siteflow/core';
import { useCan } from '../../session';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { ActiveBadge } from './active-badge';
import { useClassifications, useRemoveClassification, useSaveClassification } from './api';
import { confirmRemove, NameModal } from './name-modal';

type Editing = { item?: ClassificationView };

export function ClassificationsScreen() {
  const canManage = useCan('reference.manage');
  const list = useClassifications();
  const save = useSaveClassification();
  const remove = useRemoveClassification();
  const [editing, setEditing] = useState<Editing>({});
  const [opened, setOpened] = useState(false);
  const open = (item?: ClassificationView) => {
    setEditing({ item });
    setOpened(true);
  };

  const toggle = (c: ClassificationView) =>
    save.mutate(
      { id: c.id, body: { title: c.title, active: !c.active } },
      {
        onSuccess: () => notifySuccess(c.active ? `${c.title} deactivated.` : `${c.title} activated.`),
        onError: (error) => notifyError(error, c.active ? 'Could not deactivate' : 'Could not activate'),
      },
    );

  return (
    <>
      <PageHeader
        title="Classifications"
        description={`The kinds of work a project is; new projects start as ${DEFAULT_CLASSIFICATION}.`}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open()}>
              New classification
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="lg" p="md">
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => list.refetch()} title="Could not load classifications" />
        ) : (
          <DataTable<ClassificationView>
            aria-label="Classifications"
            minHeight={list.data?.length ? undefined : 180}
            verticalSpacing="sm"
            highlightOnHover
            fetching={list.isFetching}
            records={list.data ?? []}
            noRecordsText="No classifications yet."
            columns={[
              {
                accessor: 'title',
                title: 'Title',
                render: (c) => (
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {c.title}
                    </Text>
                    {c.title === DEFAULT_CLASSIFICATION ? (
                      <Badge variant="light" color="blue" size="sm" style={{ overflow: 'visible' }}>
                        Default
                      </Badge>
                    ) : null}
                  </Group>
                ),
              },
              {
                accessor: 'active',
                title: 'Status',
                noWrap: true,
                width: 140,
                render: (c) => <ActiveBadge active={c.active} />,
              },
              {
                accessor: 'actions',
                title: <VisuallyHidden>Actions</VisuallyHidden>,
                textAlign: 'right',
                width: 170,
                hidden: !canManage,
                render: (c) => (
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Rename" withArrow>
                      <ActionIcon variant="light" size="lg" aria-label={`Rename ${c.title}`} onClick={() => open(c)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={c.active ? 'Deactivate' : 'Activate'} withArrow>
                      <ActionIcon
                        variant="light"
                        color={c.active ? 'orange' : 'green'}
                        size="lg"
                        aria-label={`${c.active ? 'Deactivate' : 'Activate'} ${c.title}`}
                        loading={save.isPending && save.variables?.id === c.id}
                        onClick={() => toggle(c)}
                      >
                        {c.active ? (
                          <IconToggleRight size={18} aria-hidden />
                        ) : (
                          <IconToggleLeft size={18} aria-hidden />
                        )}
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete" withArrow>
                      <ActionIcon
                        variant="light"
                        color="red"
                        size="lg"
                        aria-label={`Delete ${c.title}`}
                        loading={remove.isPending && remove.variables === c.id}
                        onClick={() => confirmRemove('classification', c.title, () => remove.mutateAsync(c.id))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Paper>
      <NameModal
        opened={opened}
        onClose={() => setOpened(false)}
        heading={editing.item ? `Rename ${editing.item.title}` : 'New classification'}
        label="Title"
        schema={ClassificationInput}
        initial={editing.item ? { text: editing.item.title, active: editing.item.active } : undefined}
        submitLabel={editing.item ? 'Save Changes' : 'Add classification'}
        onSubmit={(v) => save.mutateAsync({ id: editing.item?.id, body: { title: v.text, active: v.active } })}
      />
    </>
  );
}
