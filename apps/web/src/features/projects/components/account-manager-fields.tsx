import { useEffect, type ReactNode } from 'react';
import { Grid, Group, Select, TextInput } from '@mantine/core';
import type { AccountManager } from '@siteflow/core';
import { useCan } from '../../../session';
import { useAccountManagers } from '../api';
import { AccountManagerQuickAddButton } from './account-manager-quick-add';

// Disabled (not editable here) but still readable: full text colour instead of the faded default.
const READABLE = { input: { color: 'var(--mantine-color-text)', opacity: 1 } };

type Contact = { name: string; email: string | null; phone: string | null };

/** The chosen account manager's name, email and phone, shown but not editable. */
export function AccountManagerDetails({ manager }: { manager: Contact | null }) {
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TextInput label="Account Manager Name" styles={READABLE} value={manager?.name ?? ''} disabled readOnly />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TextInput label="Account Manager Email" styles={READABLE} value={manager?.email ?? ''} disabled readOnly />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TextInput label="Account Manager Phone" styles={READABLE} value={manager?.phone ?? ''} disabled readOnly />
      </Grid.Col>
    </Grid>
  );
}

export const managerContact = (m: AccountManager): Contact => ({
  name: m.name,
  email: m.email,
  phone: m.mobile || m.phone,
});

type Props = {
  clientId: string | null;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: ReactNode;
  onBlur?: () => void;
};

/**
 * The client's active account managers (sorted by name), loaded when the client changes. A new
 * client clears the options, and the chosen manager too when it is not one of the new client's.
 */
export function AccountManagerFields({ clientId, value, onChange, error, onBlur }: Props) {
  const managers = useAccountManagers(clientId);
  const canQuickAdd = useCan('clients.quickAdd');
  const list = clientId ? (managers.data ?? []) : [];

  useEffect(() => {
    if (!value) return;
    if (!clientId || (managers.data && !managers.data.some((m) => m.id === value))) onChange(null);
  }, [clientId, managers.data, value, onChange]);

  const chosen = list.find((m) => m.id === value) ?? null;
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <Select
          label="Account Manager"
          required
          searchable
          allowDeselect={false}
          placeholder={
            !clientId
              ? 'Choose a client first'
              : managers.isPending
                ? 'Loading account managers…'
                : list.length
                  ? 'Choose an account manager'
                  : 'No active account managers'
          }
          data={list.map((m) => ({ value: m.id, label: m.name }))}
          value={value}
          onChange={(v) => onChange(v)}
          onBlur={onBlur}
          error={error}
          disabled={!clientId}
          nothingFoundMessage="No account manager matches"
          inputContainer={(input) =>
            canQuickAdd ? (
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                <AccountManagerQuickAddButton clientId={clientId} onAdded={(m) => onChange(m.id)} />
              </Group>
            ) : (
              input
            )
          }
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <AccountManagerDetails manager={chosen ? managerContact(chosen) : null} />
      </Grid.Col>
    </Grid>
  );
}
