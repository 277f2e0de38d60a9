import { Suspense, useState } from 'react';
import { Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconClock } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import {
  EDITOR_MIN_HEIGHT,
  SETTING_TEXT,
  SettingCreate,
  SettingUpdate,
  formatDateTime,
  formatRelative,
  type SettingView,
} from '@siteflow/core';
import { useCan } from '../../session';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { FormAlert } from '../../ui/contract-form';
import { FormActions } from '../../ui/form-section';
import { Loaded } from '../../ui/loaded';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SafeHtml } from '../../ui/safe-html';
import { applyServerErrors } from '../../ui/server-errors';
import { focusFirstInvalid } from '../../ui/focus';
import { zodResolver } from '../../ui/zod-resolver';
import { useCreateSetting, useSetting, useUpdateSetting } from './api';
import classes from './settings.module.css';
import { checkAfterPress } from '../../ui/blur-validation';
import { chunk, lazyPart } from '../../ui/lazy-part';

/** tiptap is only downloaded when an editor opens. */
const RichTextField = lazyPart(
  chunk(() => import('./rich-text-field')),
  (m) => m.default,
);

const VALUE_LABEL = 'Value';

function EditorFallback() {
  return (
    <Stack gap={6} role="status" aria-label="Loading the editor">
      <Text size="sm" fw={500}>
        {VALUE_LABEL}
      </Text>
      <Skeleton height={44} radius="md" />
      <Skeleton height={EDITOR_MIN_HEIGHT} radius="md" />
    </Stack>
  );
}

/** The setting's text in the rich-text editor (loaded on first use). */
function ValueField({ form }: { form: UseFormReturnType<{ value: string }> }) {
  return (
    <Suspense fallback={<EditorFallback />}>
      <RichTextField
        label={VALUE_LABEL}
        value={form.values.value}
        onChange={(html) => form.setFieldValue('value', html)}
        error={(form.errors.value as string | undefined) ?? null}
      />
    </Suspense>
  );
}

type CreateValues = { key: string; value: string };

export function SettingCreateScreen() {
  const navigate = useNavigate();
  const create = useCreateSetting();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<CreateValues>({
    mode: 'controlled',
    initialValues: { key: '', value: '' },
    validate: zodResolver<CreateValues>(SettingCreate),
    validateInputOnBlur: true,
    enhanceGetInputProps: checkAfterPress,
  });

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      create.mutate(
        { key: values.key.trim(), value: values.value },
        {
          onSuccess: () => {
            notifySuccess(SETTING_TEXT.created);
            void navigate('/settings');
          },
          onError: (error) => setAlert(applyServerErrors(form, error, ['key', 'value'])),
        },
      );
    },
    () => focusFirstInvalid(),
  );

  return (
    <>
      <BreadcrumbTrail list="Legal settings" to="/settings" current="New setting" />
      <PageHeader title="New legal setting" description="A named text, such as terms of service or a privacy policy." />
      <form onSubmit={submit} noValidate>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="lg">
            <FormAlert title="The setting was not saved" message={alert} />
            <TextInput
              label={SETTING_TEXT.keyLabel}
              required
              autoComplete="off"
              spellCheck={false}
              description="Letters, digits, dots, dashes and underscores, e.g. terms_of_service"
              maw={480}
              {...form.getInputProps('key')}
            />
            <ValueField form={form} />
            <FormActions cancelTo="/settings" submitLabel={SETTING_TEXT.add} saving={create.isPending} />
          </Stack>
        </Paper>
      </form>
    </>
  );
}

export function SettingEditScreen() {
  const { id = '' } = useParams();
  const query = useSetting(id);
  return (
    <>
      <BreadcrumbTrail list="Legal settings" to="/settings" current={query.data?.key ?? 'Setting'} />
      {query.isError ? <PageHeader title="Legal setting" /> : null}
      <Loaded query={query} loading="Loading the setting…" errorTitle="Could not load the setting">
        {(setting) => <SettingEditor key={setting.id} setting={setting} />}
      </Loaded>
    </>
  );
}

function LastUpdated({ setting }: { setting: SettingView }) {
  return (
    <Group gap={6} wrap="wrap" data-testid="setting-last-updated">
      <IconClock size={16} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="sm">
        {SETTING_TEXT.lastUpdated} <strong>{formatRelative(setting.updated_at, new Date())}</strong>
      </Text>
      <Text size="sm" c="dimmed">
        ({formatDateTime(setting.updated_at)}
        {setting.updated_by ? ` by ${setting.updated_by}` : ''})
      </Text>
    </Group>
  );
}

type UpdateValues = { value: string };

function SettingEditor({ setting }: { setting: SettingView }) {
  const canManage = useCan('settings.manage');
  const update = useUpdateSetting(setting.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<UpdateValues>({
    mode: 'controlled',
    initialValues: { value: setting.value },
    validate: zodResolver<UpdateValues>(SettingUpdate),
  });

  const submit = form.onSubmit((values) => {
    setAlert(null);
    update.mutate(values, {
      onSuccess: (saved) => {
        notifySuccess(SETTING_TEXT.saved);
        form.resetDirty({ value: saved.value });
      },
      onError: (error) => setAlert(applyServerErrors(form, error, ['value'])),
    });
  });

  return (
    <>
      <PageHeader title={setting.key} description={<LastUpdated setting={setting} />} />
      <Stack gap="lg">
        {canManage ? (
          <form onSubmit={submit} noValidate>
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="lg">
                <FormAlert title="The setting was not saved" message={alert} />
                <ValueField form={form} />
                <FormActions cancelTo="/settings" submitLabel={SETTING_TEXT.save} saving={update.isPending} />
              </Stack>
            </Paper>
          </form>
        ) : null}
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="sm">
            Saved text
          </Title>
          {setting.value ? (
            <SafeHtml html={setting.value} className={classes.preview} data-testid="setting-preview" />
          ) : (
            <Text c="dimmed" size="sm">
              This setting has no text yet.
            </Text>
          )}
        </Paper>
      </Stack>
    </>
  );
}
