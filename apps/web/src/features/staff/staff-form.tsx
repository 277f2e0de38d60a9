import { useState } from 'react';
import { Button, Grid, Group, Paper, Radio, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { IMAGE_HINT, STAFF_TEXT, StaffInput, StaffRole, type StaffFormOptions, type StaffView } from '@siteflow/core';
import { toFormData } from '../../api/client';
import { AddressFields, stateValue } from '../../ui/address/address-fields';
import { FormAlert, useContractForm } from '../../ui/contract-form';
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

type StaffFormProps = { staff?: StaffView; options: StaffFormOptions };

export function StaffForm({ staff, options }: StaffFormProps) {
  const isEdit = Boolean(staff);
  const navigate = useNavigate();
  const save = useSaveStaff(staff?.id);
  const [picture, setPicture] = useState<File | null>(null);
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

  // Multipart (the picture): the flags go as the form holds them ('1'/'0', on/off).
  const onSubmit = submit((payload, values) =>
    save.mutate(
      toFormData(
        { ...payload, is_project_manager: values.is_project_manager, notifications: values.notifications },
        picture,
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
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormAlert title="The staff member was not saved" message={alert} />

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="md">
            Details
          </Title>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="First Name" required autoComplete="off" {...form.getInputProps('first_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Last Name" required autoComplete="off" {...form.getInputProps('last_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Phone" type="tel" required autoComplete="off" {...form.getInputProps('phone')} />
            </Grid.Col>
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
          </Grid>
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="md">
            Address
          </Title>
          <AddressFields
            values={form.values}
            getInputProps={(f) => form.getInputProps(f)}
            streetField="address"
            labels={{ street: 'Street Address' }}
            required
          />
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb={4}>
            Picture
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Optional. Shown beside their name across Siteflow.
          </Text>
          <ImageUpload
            label="Profile picture"
            hint={IMAGE_HINT}
            value={picture}
            onChange={(file) => {
              setPicture(file);
              form.clearFieldError('file');
            }}
            currentUrl={staff?.profile_picture_path ?? null}
            error={(form.errors.file as string | undefined) ?? null}
            previewAlt={staff ? `${staff.full_name}'s profile picture` : 'Profile picture preview'}
            round
          />
        </Paper>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/staff" variant="default">
            {STAFF_TEXT.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isEdit ? STAFF_TEXT.save : STAFF_TEXT.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
