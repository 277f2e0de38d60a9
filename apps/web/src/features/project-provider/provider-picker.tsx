import { useState, type Ref } from 'react';
import { Anchor, Badge, Button, Group, MultiSelect, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPinPlus, IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { detailsStatus, PROVIDER_TEXT, type ProjectProviderView, type ProviderOption } from '@siteflow/core';
import { ApiError } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useAssignProvider, useProviderOptions } from './api';

/** The provider chosen in the picker or from the map (its staff come from the options search). */
export type Selection = { id: string; name: string };

export const ASSIGN_LABEL = 'Assign';
export const PICKER_LABEL = 'Service Provider';
export const STAFF_LABEL = 'Service Provider Staff';
export const SEND_EMAIL_LABEL = 'Send e-mail';

type Props = {
  projectId: number;
  current: ProjectProviderView | null;
  selection: Selection | null;
  onSelection: (selection: Selection | null) => void;
  search: string;
  onSearch: (search: string) => void;
  pickerRef?: Ref<HTMLInputElement>;
};

/**
 * The provider picker by trading name, the selected-provider card (staff, Send e-mail, 'Assign a
 * location') and Assign. Assigning replaces the current provider.
 */
export function ProviderPicker({ projectId, current, selection, onSelection, search, onSearch, pickerRef }: Props) {
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // While a choice is shown, its label is the search text: look it up to learn its staff.
  const options = useProviderOptions(debounced, opened || debounced.length > 0 || selection !== null);
  const [staff, setStaff] = useState<string[]>([]);
  const [sendEmail, setSendEmail] = useState(false);
  const [pickerError, setPickerError] = useState<string | null>(null);
  const [staffError, setStaffError] = useState<string | null>(null);
  const [known, setKnown] = useState<Map<string, ProviderOption>>(new Map());
  const assign = useAssignProvider(projectId);

  const found = options.data ?? [];
  const option = selection ? (known.get(selection.id) ?? found.find((o) => o.id === selection.id) ?? null) : null;
  const data = found.map((o) => ({ value: o.id, label: o.service_provider_name }));
  if (selection && !data.some((d) => d.value === selection.id))
    data.unshift({ value: selection.id, label: selection.name });

  const choose = (id: string | null) => {
    setPickerError(null);
    setStaffError(null);
    setStaff([]);
    if (!id) {
      onSelection(null);
      return;
    }
    const picked = found.find((o) => o.id === id);
    if (picked) setKnown((map) => new Map(map).set(picked.id, picked));
    onSelection({ id, name: picked?.service_provider_name ?? selection?.name ?? '' });
  };

  const send = (chosen: Selection) =>
    assign.mutate(
      { service_provider: chosen.id, service_provider_staff: staff, send_email_sp: sendEmail },
      {
        onSuccess: () => {
          notifySuccess(`${chosen.name} is now the project's service provider.`, 'Service provider assigned');
          setStaff([]);
          setSendEmail(false);
          onSearch('');
          onSelection(null);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setPickerError(error.fieldError('service_provider') ?? null);
            setStaffError(
              error.fieldError('service_provider_staff') ??
                Object.entries(error.errors).find(([k]) => k.startsWith('service_provider_staff'))?.[1][0] ??
                null,
            );
          }
          notifyError(error, 'The service provider was not assigned');
        },
      },
    );

  const submit = () => {
    if (!selection) {
      setPickerError(PROVIDER_TEXT.noProviderChosen);
      return;
    }
    if (current && current.id !== selection.id) {
      confirmAction({
        title: 'Replace the service provider?',
        message: `${selection.name} will replace ${current.name} on this project.`,
        confirmLabel: 'Replace',
        onConfirm: () => send(selection),
      });
      return;
    }
    send(selection);
  };

  const status = option ? detailsStatus(option.status_code) : null;
  return (
    <Stack gap="sm">
      <Select
        ref={pickerRef}
        label={PICKER_LABEL}
        description="Search by trading name."
        placeholder="Choose a service provider"
        searchable
        clearable
        clearButtonProps={{ 'aria-label': 'Clear service provider' }}
        data={data}
        // The server has already filtered by the search.
        filter={({ options: o }) => o}
        value={selection?.id ?? null}
        onChange={choose}
        searchValue={search}
        onSearchChange={onSearch}
        onDropdownOpen={() => setOpened(true)}
        nothingFoundMessage={options.isFetching ? 'Searching…' : 'No service provider matches'}
        error={pickerError}
        data-testid="provider-picker"
      />
      {selection ? (
        <Paper
          withBorder
          radius="md"
          p="md"
          data-testid="selected-provider"
          aria-label="Selected service provider"
          component="section"
        >
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{selection.name}</Text>
              {status ? (
                <Badge color={status.colour} variant="light">
                  {status.label}
                </Badge>
              ) : null}
            </Group>
            {option && !option.has_location ? (
              <Anchor component={Link} to={`/service-providers/setup/${option.id}/edit`} size="sm">
                <Group gap={4} component="span">
                  <IconMapPinPlus size={16} aria-hidden />
                  {PROVIDER_TEXT.assignLocation}
                </Group>
              </Anchor>
            ) : null}
            <MultiSelect
              label={STAFF_LABEL}
              placeholder={
                option ? (option.sp_users.length ? 'Choose staff' : 'This provider has no staff') : 'Loading staff…'
              }
              data={(option?.sp_users ?? []).map((u) => ({ value: u.id, label: u.full_name }))}
              value={staff}
              onChange={(ids) => {
                setStaff(ids);
                setStaffError(null);
              }}
              disabled={!option || option.sp_users.length === 0}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Clear staff' }}
              error={staffError}
            />
            <Switch
              label={SEND_EMAIL_LABEL}
              checked={sendEmail}
              onChange={(e) => setSendEmail(e.currentTarget.checked)}
            />
          </Stack>
        </Paper>
      ) : null}
      <Group>
        <Button leftSection={<IconUserCheck size={16} aria-hidden />} onClick={submit} loading={assign.isPending}>
          {ASSIGN_LABEL}
        </Button>
      </Group>
    </Stack>
  );
}
