import type { DataTableColumn } from 'mantine-datatable';
import { confirmAction } from '../confirm';
import { notifyError, notifySuccess } from '../notify';
import { actionsColumn, DeleteAction, EditAction } from './row-actions';

/** A delete request by the row's id whose answer carries the message to show. */
type DeleteMutation = {
  mutate: (
    id: string,
    callbacks: { onSuccess: (data: { message: string }) => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
  variables?: string;
};

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
  remove: DeleteMutation,
  { name, editPath, confirmMessage }: EditDeleteRow<T>,
): DataTableColumn<T> {
  const askDelete = (record: T) =>
    confirmAction({
      title: `Delete ${name(record)}?`,
      message: confirmMessage,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(record.id, {
          onSuccess: (data) => notifySuccess(data.message),
          onError: (error) => notifyError(error, `${name(record)} was not deleted`),
        }),
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
