import { Grid, Group, Radio, Select, Switch, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { IMAGE_HINT, STAFF_TEXT, StaffInput, StaffRole, type StaffFormOptions, type StaffView } from '@siteflow/core';
import { toFormData } from '../../api/client';
import { stateValue } from '../../ui/address/address-fields';
import { useContractForm } from '../../ui/contract-form';
import { FormFrame } from '../../ui/form-frame';
import { personFields, StreetAddressSection, TextFieldGrid, useFormImage } from '../../ui/form-fields';
import { FormActions, FormSection } from '../../ui/form-section';
import { ImageUpload } from '../../ui/image-upload';
import { notifySuccess } from '../../ui/notify';
import { useSaveStaff } from './api';

export type StaffFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  position: string;
  role: string | null;
  is_project_manager: '1' | '0';
  notifications: boolean;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string;
};

function initialValues(staff: StaffView | undefined, options: StaffFormOptions): StaffFormValues {
  // A role list the user may not change still needs a value: the default role.
  const defaultRole = options.roles && !options.abilities.change_role ? 'company_employee' : null;
  return {
    first_name: staff?.first_name ?? '',
    last_name: staff?.last_name ?? '',
    email: staff?.email ?? '',
    phone: staff?.phone ?? '',
    position: staff?.position ?? '',
    role: staff?.role ?? defaultRole,
    is_project_manager: staff?.is_project_manager ?? '0',
    notifications: staff ? staff.notifications === '1' : true,
    address: staff?.address ?? '',
    suburb: staff?.suburb ?? '',
    state: stateValue(staff?.state),
    postcode: staff?.postcode ?? '',
  };
}

const PERSON_FIELDS = personFields(false);

type StaffFormProps = { staff?: StaffView; options: StaffFormOptions };

export function StaffForm({ staff, options }: StaffFormProps) {
  const isEdit = Boolean(staff);
  const navigate = useNavigate();
  const save = useSaveStaff(staff?.id);
  const showRoles = options.roles !== null;

  const { form, alert, submit, showServerErrors } = useContractForm(
    // The role is required whenever the list is shown (it is marked so on the form).
    showRoles ? StaffInput.extend({ role: StaffRole }) : StaffInput,
    {
      initial: initialValues(staff, options),
      toPayload: (values) => ({
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        phone: values.phone,
        // Sent even when hidden, so a saved position is kept rather than cleared.
        position: values.position,
        role: showRoles ? (values.role as StaffRole) : undefined,
        is_project_manager: values.is_project_manager,
        notifications: values.notifications,
        address: values.address,
        suburb: values.suburb,
        state: (values.state ?? '') as StaffInput['state'],
        postcode: values.postcode,
      }),
      serverFields: ['file'],
    },
  );
  const picture = useFormImage(form);

  // Multipart (the picture): the flags go as the form holds them ('1'/'0', on/off).
  const onSubmit = submit((payload, values) =>
    save.mutate(
      toFormData(
        { ...payload, is_project_manager: values.is_project_manager, notifications: values.notifications },
        picture.file,
      ),
      {
        onSuccess: (data) => {
          notifySuccess(data.message || (isEdit ? STAFF_TEXT.saved : STAFF_TEXT.created));
          void navigate('/staff');
        },
        onError: (error) => showServerErrors(error),
      },
    ),
  );

  return (
    <FormFrame onSubmit={onSubmit} alertTitle="The staff member was not saved" alert={alert}>
      <FormSection title="Details">
        <TextFieldGrid fields={PERSON_FIELDS} inputProps={(name) => form.getInputProps(name)}>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {options.roles === null ? (
              <TextInput label="Position" autoComplete="off" {...form.getInputProps('position')} />
            ) : (
              <Select
                label="Role"
                required
                data={options.roles}
                disabled={!options.abilities.change_role}
                allowDeselect={false}
                placeholder="Choose a role"
                description={options.abilities.change_role ? undefined : 'You may not change the role.'}
                {...form.getInputProps('role')}
              />
            )}
          </Grid.Col>
          {options.show_project_manager_flag ? (
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Radio.Group label={STAFF_TEXT.projectManager} {...form.getInputProps('is_project_manager')}>
                <Group mt="xs" gap="lg">
                  <Radio value="1" label="Yes" />
                  <Radio value="0" label="No" />
                </Group>
              </Radio.Group>
            </Grid.Col>
          ) : null}
          {options.show_system_emails_flag ? (
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Switch
                label={STAFF_TEXT.systemEmails}
                onLabel="On"
                offLabel="Off"
                size="md"
                mt="xs"
                {...form.getInputProps('notifications', { type: 'checkbox' })}
              />
            </Grid.Col>
          ) : null}
        </TextFieldGrid>
      </FormSection>

      <StreetAddressSection values={form.values} getInputProps={(f) => form.getInputProps(f)} />

      <FormSection title="Picture" description="Optional. Shown beside their name across Siteflow.">
        <ImageUpload
          label="Profile picture"
          hint={IMAGE_HINT}
          {...picture.uploadProps}
          currentUrl={staff?.profile_picture_path ?? null}
          previewAlt={staff ? `${staff.full_name}'s profile picture` : 'Profile picture preview'}
          round
        />
      </FormSection>

      <FormActions
        cancelTo="/staff"
        cancelLabel={STAFF_TEXT.cancel}
        submitLabel={isEdit ? STAFF_TEXT.save : STAFF_TEXT.create}
        saving={save.isPending}
      />
    </FormFrame>
  );
}
