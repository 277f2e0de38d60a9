import { useState } from 'react';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconToggleLeft, IconToggleRight, IconTrash } from '@tabler/icons-react';
import { ClassificationInput, DEFAULT_CLASSIFICATION, type ClassificationView } from '@siteflow/core';
import { useCan } from '../../session';
import { notifyError, notifySuccess } from '../../ui/notify';
import { actionsColumn, ActiveBadge, PagedTable, RowAction } from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
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
        <PagedTable<ClassificationView>
          label="Classifications"
          query={list}
          records={list.data}
          errorTitle="Could not load classifications"
          noRecordsText="No classifications yet."
          emptyHeight={180}
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
            actionsColumn(
              (c) => (
                <>
                  <RowAction tooltip="Rename" label={`Rename ${c.title}`} icon={IconPencil} onClick={() => open(c)} />
                  <RowAction
                    tooltip={c.active ? 'Deactivate' : 'Activate'}
                    label={`${c.active ? 'Deactivate' : 'Activate'} ${c.title}`}
                    icon={c.active ? IconToggleRight : IconToggleLeft}
                    color={c.active ? 'orange' : 'green'}
                    onClick={() => toggle(c)}
                    loading={save.isPending && save.variables?.id === c.id}
                  />
                  <RowAction
                    tooltip="Delete"
                    label={`Delete ${c.title}`}
                    icon={IconTrash}
                    color="red"
                    onClick={() => confirmRemove('classification', c.title, () => remove.mutateAsync(c.id))}
                    loading={remove.isPending && remove.variables === c.id}
                  />
                </>
              ),
              { width: 170, hidden: !canManage },
            ),
          ]}
        />
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
