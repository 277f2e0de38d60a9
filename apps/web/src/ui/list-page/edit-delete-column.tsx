import type { DataTableColumn } from 'mantine-datatable';
import { confirmDelete, type DeleteMutation } from '../confirm-delete';
import { actionsColumn, DeleteAction, EditAction } from './row-actions';

export type EditDeleteRow<T> = {
  /** The row's name in the buttons, the question and the failure ('Edit Acme', 'Delete Acme?'). */
  name: (record: T) => string;
  /** Where the Edit link goes. */
  editPath: (record: T) => string;
  /** What the confirmation says is deleted. */
  confirmMessage: string;
};

/**
 * The actions column of a row that can be edited and deleted: Delete asks first, then shows the
 * server's message, or '{name} was not deleted' with the error.
 */
export function editDeleteColumn<T extends { id: string }>(
  remove: DeleteMutation<{ message: string }>,
  { name, editPath, confirmMessage }: EditDeleteRow<T>,
): DataTableColumn<T> {
  const askDelete = (record: T) =>
    confirmDelete(remove, record.id, {
      title: `Delete ${name(record)}?`,
      message: confirmMessage,
      done: (data) => data.message,
      failed: `${name(record)} was not deleted`,
    });

  return actionsColumn<T>((record) => (
    <>
      <EditAction name={name(record)} to={editPath(record)} />
      <DeleteAction
        name={name(record)}
        onClick={() => askDelete(record)}
        loading={remove.isPending && remove.variables === record.id}
      />
    </>
  ));
}
