import { useState } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { focusFirstInvalid } from '../focus';
import { applyServerErrors } from '../server-errors';
import { zodResolver } from '../zod-resolver';
import { checkAfterPress } from '../blur-validation';

export type ContractFormOptions<Schema extends z.ZodType, Values> = {
  /** The form's first values (a record's, or the empty form's). */
  initial: Values;
  /** What is sent: the contract's input, typed by the schema (empty texts to null, state '' ...). */
  toPayload: (values: Values) => z.input<Schema>;
  /** Checks beyond the contract (messages keyed by the form's field paths). */
  extra?: (values: Values) => FormErrors;
  /** Fields beyond the values' own that server messages may name (an upload's 'file'). */
  serverFields?: readonly string[];
};

/**
 * A form typed from a core contract (@mantine/form): the contract validates on blur and on
 * submit with its own messages, the payload is the contract's input, and a refused request's
 * field errors (422) are shown beside their fields, the rest in the form's alert.
 *
 *   const { form, alert, submit, showServerErrors } = useContractForm(ClientInput, { initial, toPayload });
 *   <form onSubmit={submit((payload) => save.mutate(payload, { onError: showServerErrors }))}>
 */
export function useContractForm<Schema extends z.ZodType, Values extends Record<string, unknown>>(
  schema: Schema,
  { initial, toPayload, extra, serverFields = [] }: ContractFormOptions<Schema, Values>,
) {
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial,
    validate: zodResolver<Values>(schema, extra),
    validateInputOnBlur: true,
    enhanceGetInputProps: checkAfterPress,
  });
  const fields = [...Object.keys(initial), ...serverFields];

  /** The submit handler: valid values go out as the contract's payload; invalid ones focus the first error. */
  const submit = (send: (payload: z.input<Schema>, values: Values) => void) =>
    form.onSubmit(
      (values) => {
        setAlert(null);
        send(toPayload(values), values);
      },
      () => {
        setAlert(null);
        focusFirstInvalid();
      },
    );

  /** A refused request: its field messages beside the fields (`more`: list rows, `aliases`: server keys). */
  const showServerErrors = (error: unknown, more: readonly string[] = [], aliases: Record<string, string> = {}) =>
    setAlert(applyServerErrors(form, error, [...fields, ...more], aliases));

  return { form, alert, setAlert, submit, showServerErrors };
}
