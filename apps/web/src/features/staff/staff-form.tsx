import { useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Radio, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  IMAGE_HINT,
  STAFF_TEXT,
  STATES,
  StaffInput,
  StaffRole,
  type StaffFormOptions,
  type StaffView,
} from '@siteflow/core';
import { toFormData } from '../../api/client';
import { ImageUpload } from '../../ui/image-upload';
import { notifySuccess } from '../../ui/notify';
import { PostcodeInput } from '../../ui/postcode-input';
import { applyServerErrors } from '../../ui/server-errors';
import { StateSelect } from '../../ui/state-select';
import { focusFirstInvalid } from '../../ui/focus';
import { zodResolver } from '../../ui/zod-resolver';
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

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'position',
  'role',
  'is_project_manager',
  'notifications',
  'address',
  'suburb',
  'state',
  'postcode',
  'file',
] as const;

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
    state: staff?.state && (STATES as readonly string[]).includes(staff.state) ? staff.state : null,
    postcode: staff?.postcode ?? '',
  };
}

type StaffFormProps = { staff?: StaffView; options: StaffFormOptions };

export function StaffForm({ staff, options }: StaffFormProps) {
  const isEdit = Boolean(staff);
  const navigate = useNavigate();
  const save = useSaveStaff(staff?.id);
  const [picture, setPicture] = useState<File | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const showRoles = options.roles !== null;

  const form = useForm<StaffFormValues>({
    mode: 'controlled',
    initialValues: initialValues(staff, options),
    // The role is required whenever the list is shown (it is marked so on the form).
    validate: zodResolver<StaffFormValues>(showRoles ? StaffInput.extend({ role: StaffRole }) : StaffInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      const body = toFormData(
        {
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          phone: values.phone,
          // Sent even when hidden, so a saved position is kept rather than cleared.
          position: values.position,
          role: showRoles ? values.role : undefined,
          is_project_manager: values.is_project_manager,
          notifications: values.notifications,
          address: values.address,
          suburb: values.suburb,
          state: values.state ?? '',
          postcode: values.postcode,
        },
        picture,
      );
      save.mutate(body, {
        onSuccess: (data) => {
          notifySuccess(data.message || (isEdit ? STAFF_TEXT.saved : STAFF_TEXT.created));
          void navigate('/staff');
        },
        onError: (error) => setAlert(applyServerErrors(form, error, FIELDS)),
      });
    },
    () => {
      setAlert(null);
      focusFirstInvalid();
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {alert ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title="The staff member was not saved"
          >
            {alert}
          </Alert>
        ) : null}

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
          <Grid gap="md">
            <Grid.Col span={12}>
              <TextInput label="Street Address" required autoComplete="off" {...form.getInputProps('address')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Suburb" required autoComplete="off" {...form.getInputProps('suburb')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <StateSelect required {...form.getInputProps('state')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <PostcodeInput label="Postcode" required autoComplete="off" {...form.getInputProps('postcode')} />
            </Grid.Col>
          </Grid>
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
