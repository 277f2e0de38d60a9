import { useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconPencil, IconPlus, IconToggleLeft, IconToggleRight } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { notifyError, notifySuccess } from '../../ui/notify';
import { DeleteAction, PagedTable, RowAction, type QueryLike } from '../../ui/list-page';

/**
 * The table of one reference list, its texts made from its label ('Tags': 'Could not load tags',
 * 'No tags yet.').
 */
export function ReferenceTable<T>({
  label,
  query,
  columns,
  emptyHeight,
}: {
  label: string;
  query: QueryLike & { data?: T[] };
  columns: DataTableColumn<T>[];
  emptyHeight: number;
}) {
  const things = label.toLowerCase();
  return (
    <PagedTable<T>
      label={label}
      query={query}
      records={query.data}
      errorTitle={`Could not load ${things}`}
      noRecordsText={`No ${things} yet.`}
      emptyHeight={emptyHeight}
      columns={columns}
    />
  );
}

/** The 'New tag' button of a reference list, for those who may manage it. */
export function NewItemButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onClick}>
      {children}
    </Button>
  );
}

/**
 * The item the add / edit modal is open for (none: a new one), with a new `key` each time it opens,
 * so its form starts again from the item.
 */
export function useItemModal<T>() {
  const [editing, setEditing] = useState<{ item?: T; key: number }>({ key: 0 });
  const [opened, setOpened] = useState(false);
  const open = (item?: T) => {
    setEditing({ item, key: editing.key + 1 });
    setOpened(true);
  };
  return { item: editing.item, key: editing.key, opened, open, close: () => setOpened(false) };
}

/** What toggling needs of a reference list's save. */
type Save<Body> = {
  mutate: (
    variables: { id?: string; body: Body },
    options: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
};

/** Activates or deactivates an item by saving it with `body`, and says which. */
export function saveActiveToggle<Body>(
  save: Save<Body>,
  item: { id: string; active: boolean },
  name: string,
  body: Body,
) {
  save.mutate(
    { id: item.id, body },
    {
      onSuccess: () => notifySuccess(item.active ? `${name} deactivated.` : `${name} activated.`),
      onError: (error) => notifyError(error, item.active ? 'Could not deactivate' : 'Could not activate'),
    },
  );
}

/**
 * A reference row's buttons, each when given: Rename or Edit (`editVerb`), Deactivate / Activate,
 * Delete.
 */
export function ReferenceRowActions({
  name,
  edit,
  toggle,
  onDelete,
  deleting,
}: {
  name: string;
  edit?: { verb: 'Rename' | 'Edit'; onClick: () => void };
  toggle?: { active: boolean; onClick: () => void; loading: boolean };
  onDelete: () => void;
  deleting: boolean;
}) {
  const toggleVerb = toggle?.active ? 'Deactivate' : 'Activate';
  return (
    <>
      {edit ? (
        <RowAction tooltip={edit.verb} label={`${edit.verb} ${name}`} icon={IconPencil} onClick={edit.onClick} />
      ) : null}
      {toggle ? (
        <RowAction
          tooltip={toggleVerb}
          label={`${toggleVerb} ${name}`}
          icon={toggle.active ? IconToggleRight : IconToggleLeft}
          color={toggle.active ? 'orange' : 'green'}
          onClick={toggle.onClick}
          loading={toggle.loading}
        />
      ) : null}
      <DeleteAction name={name} onClick={onDelete} loading={deleting} />
    </>
  );
}
