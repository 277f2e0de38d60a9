import { Badge, Group, Paper, Text } from '@mantine/core';
import { ClassificationInput, DEFAULT_CLASSIFICATION, type ClassificationView } from '@siteflow/core';
import { useCan } from '../../session';
import { actionsColumn, ActiveBadge } from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
import { useClassifications, useRemoveClassification, useSaveClassification } from './api';
import { confirmRemove, NameModal } from './name-modal';
import { NewItemButton, ReferenceRowActions, ReferenceTable, saveActiveToggle, useItemModal } from './reference-list';

export function ClassificationsScreen() {
  const canManage = useCan('reference.manage');
  const list = useClassifications();
  const save = useSaveClassification();
  const remove = useRemoveClassification();
  const modal = useItemModal<ClassificationView>();
  const editing = modal.item;

  return (
    <>
      <PageHeader
        title="Classifications"
        description={`The kinds of work a project is; new projects start as ${DEFAULT_CLASSIFICATION}.`}
        actions={canManage ? <NewItemButton onClick={() => modal.open()}>New classification</NewItemButton> : null}
      />
      <Paper withBorder radius="lg" p="md">
        <ReferenceTable<ClassificationView>
          label="Classifications"
          query={list}
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
                <ReferenceRowActions
                  name={c.title}
                  edit={{ verb: 'Rename', onClick: () => modal.open(c) }}
                  toggle={{
                    active: c.active,
                    onClick: () => saveActiveToggle(save, c, c.title, { title: c.title, active: !c.active }),
                    loading: save.isPending && save.variables?.id === c.id,
                  }}
                  onDelete={() => confirmRemove('classification', c.title, () => remove.mutateAsync(c.id))}
                  deleting={remove.isPending && remove.variables === c.id}
                />
              ),
              { width: 170, hidden: !canManage },
            ),
          ]}
        />
      </Paper>
      <NameModal
        opened={modal.opened}
        onClose={modal.close}
        heading={editing ? `Rename ${editing.title}` : 'New classification'}
        label="Title"
        schema={ClassificationInput}
        initial={editing ? { text: editing.title, active: editing.active } : undefined}
        submitLabel={editing ? 'Save Changes' : 'Add classification'}
        onSubmit={(v) => save.mutateAsync({ id: editing?.id, body: { title: v.text, active: v.active } })}
      />
    </>
  );
}
