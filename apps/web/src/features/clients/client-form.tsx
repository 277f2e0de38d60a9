import { Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CLIENT_TEXT, ClientInput, type ClientView } from '@siteflow/core';
import { AddressFields, stateValue } from '../../ui/address/address-fields';
import { useContractForm } from '../../ui/contract-form';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { FormFrame } from '../../ui/form-frame';
import { TextFieldGrid, type TextFieldSpec } from '../../ui/form-fields';
import { FormActions, FormSection } from '../../ui/form-section';
import { notifySuccess } from '../../ui/notify';
import { useSaveClient } from './api';

export type ClientFormValues = {
  trading_name: string;
  email: string;
  phone: string;
  street: string;
  suburb: string;
  state: string | null;
  postcode: string;
};

function initialValues(client?: ClientView): ClientFormValues {
  return {
    trading_name: client?.trading_name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    street: client?.street ?? '',
    suburb: client?.suburb ?? '',
    state: stateValue(client?.state),
    postcode: client?.postcode ?? '',
  };
}

const DETAILS: TextFieldSpec[] = [
  { name: 'trading_name', label: 'Trading Name', required: true, autoComplete: 'off', maxLength: 200, wide: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off', maxLength: 40 },
];

type ClientFormProps = { client?: ClientView; readOnly?: boolean };

/** Client details: only the trading name is required. Read-only for users who may only view clients. */
export function ClientForm({ client, readOnly = false }: ClientFormProps) {
  const navigate = useNavigate();
  const save = useSaveClient(client?.id);
  const { form, alert, submit, showServerErrors } = useContractForm(ClientInput, {
    initial: initialValues(client),
    toPayload: (values) => ({
      ...values,
      state: (values.state ?? '') as ClientInput['state'],
      email: values.email || null,
    }),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());

  const onSubmit = submit((payload) =>
    save.mutate(payload, {
      onSuccess: (data) => {
        if (client) {
          notifySuccess(data.message || CLIENT_TEXT.saved);
          form.resetDirty();
        } else {
          // The title says what happened, the text what comes next.
          notifySuccess('You can add the client’s users now.', data.message || CLIENT_TEXT.created);
          guard.saved();
          void navigate(`/clients/${data.client.id}/edit`);
        }
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  return (
    <FormFrame onSubmit={onSubmit} label="Client details" alertTitle="The client was not saved" alert={alert}>
      <FormSection title="Details">
        <TextFieldGrid fields={DETAILS} inputProps={(name) => form.getInputProps(name)} readOnly={readOnly} />
        <Title order={2} size="h4" mt="xl" mb="md">
          Address
        </Title>
        <AddressFields
          values={form.values}
          getInputProps={(f) => form.getInputProps(f)}
          // The address search and a typed postcode filling the state, as on the provider form.
          setValues={
            readOnly
              ? undefined
              : ({ country: _country, ...patch }) => {
                  form.setValues(patch);
                  for (const key of Object.keys(patch)) form.clearFieldError(key);
                }
          }
          readOnly={readOnly}
          maxLength={{ suburb: 100 }}
        />
      </FormSection>
      {readOnly ? null : (
        <FormActions
          cancelTo="/clients"
          submitLabel={client ? 'Save Changes' : 'Create Client'}
          saving={save.isPending}
        />
      )}
    </FormFrame>
  );
}
