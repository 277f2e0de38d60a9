import { useState } from 'react';
import { Paper, Text } from '@mantine/core';
import { TagInput, type TagView } from '@siteflow/core';
import { useCan } from '../../session';
import { actionsColumn } from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
import { useRemoveTag, useSaveTag, useTags } from './api';
import { confirmRemove, NameModal } from './name-modal';
import { NewItemButton, ReferenceRowActions, ReferenceTable } from './reference-list';

export function TagsScreen() {
  const canManage = useCan('reference.manage');
  const tags = useTags();
  const save = useSaveTag();
  const remove = useRemoveTag();
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="Tags"
        description="Labels for projects. Tags are also created by typing them on the project forms."
        actions={canManage ? <NewItemButton onClick={() => setAdding(true)}>New tag</NewItemButton> : null}
      />
      <Paper withBorder radius="lg" p="md">
        <ReferenceTable<TagView>
          label="Tags"
          query={tags}
          emptyHeight={180}
          columns={[
            {
              accessor: 'name',
              title: 'Name',
              render: (t) => (
                <Text size="sm" fw={600}>
                  {t.name}
                </Text>
              ),
            },
            { accessor: 'project_count', title: 'Projects', textAlign: 'right', width: 120 },
            actionsColumn(
              (t) => (
                <ReferenceRowActions
                  name={t.name}
                  onDelete={() =>
                    confirmRemove(
                      'tag',
                      t.name,
                      () => remove.mutateAsync(t.id),
                      'A tag in use by projects cannot be deleted.',
                    )
                  }
                  deleting={remove.isPending && remove.variables === t.id}
                />
              ),
              { width: 80, hidden: !canManage },
            ),
          ]}
        />
      </Paper>
      <NameModal
        opened={adding}
        onClose={() => setAdding(false)}
        heading="New tag"
        label="Name"
        schema={TagInput}
        submitLabel="Add tag"
        onSubmit={(v) => save.mutateAsync({ body: { name: v.text } })}
      />
    </>
  );
}
