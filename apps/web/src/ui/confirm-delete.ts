import { confirmAction } from './confirm';
import { notifyError, notifySuccess } from './notify';

/** A delete request by id (a react-query mutation). */
export type DeleteMutation<TData> = {
  mutate: (id: string, callbacks: { onSuccess: (data: TData) => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
  variables?: string;
};

export type DeleteTexts<TData> = {
  /** The dialog's question ('Delete Acme?'). */
  title: string;
  message: string;
  /** What the notice says once deleted (from the answer). */
  done: (data: TData) => string;
  /** The failure notice's title ('Acme was not deleted'). */
  failed: string;
};

/** Asks 'Delete …?' first; on Delete sends the request and tells how it went. */
export function confirmDelete<TData>(remove: DeleteMutation<TData>, id: string, texts: DeleteTexts<TData>) {
  confirmAction({
    title: texts.title,
    message: texts.message,
    confirmLabel: 'Delete',
    onConfirm: () =>
      remove.mutate(id, {
        onSuccess: (data) => notifySuccess(texts.done(data)),
        onError: (error) => notifyError(error, texts.failed),
      }),
  });
}
