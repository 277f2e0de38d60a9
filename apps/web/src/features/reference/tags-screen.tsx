import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { TagInput, type TagView } from '@siteflow/core';
import { useCan } from '../../session';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { useRemoveTag, useSaveTag, useTags } from './api';
import { confirmRemove, NameModal } from './name-modal';

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
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              New tag
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="lg" p="md">
        {tags.isError ? (
          <ErrorState error={tags.error} onRetry={() => tags.refetch()} title="Could not load tags" />
        ) : (
          <DataTable<TagView>
            aria-label="Tags"
            minHeight={tags.data?.length ? undefined : 180}
            verticalSpacing="sm"
            highlightOnHover
            fetching={tags.isFetching}
            records={tags.data ?? []}
            noRecordsText="No tags yet."
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
              {
                accessor: 'actions',
                title: <VisuallyHidden>Actions</VisuallyHidden>,
                textAlign: 'right',
                width: 80,
                hidden: !canManage,
                render: (t) => (
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Delete" withArrow>
                      <ActionIcon
                        variant="light"
                        color="red"
                        size="lg"
                        aria-label={`Delete ${t.name}`}
                        loading={remove.isPending && remove.variables === t.id}
                        onClick={() =>
                          confirmRemove(
                            'tag',
                            t.name,
                            () => remove.mutateAsync(t.id),
                            'A tag in use by projects cannot be deleted.',
                          )
                        }
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
