import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { AccountManagerQuickAdd, CLIENT_TEXT, PROJECT_TEXT, type AccountManager } from '@siteflow/core';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { zodResolver } from '../../../ui/zod-resolver';
import { useQuickAddAccountManager } from '../api';

export const QUICK_ADD_TITLE = 'Quick Add Account Manager';

type Values = { first_name: string; last_name: string; email: string; mobile: string };
const EMPTY: Values = { first_name: '', last_name: '', email: '', mobile: '' };

type Props = {
  /** The client the manager joins; the button is disabled until one is chosen. */
  clientId: string | null;
  /** Called with the new (active) manager, to select it. */
  onAdded: (manager: AccountManager) => void;
};

/**
 * 'Quick Add': a new active account manager of the client (first name, last name, email, mobile,
 * all required). A failed request is logged and the modal closes anyway (spec 1 section 8), with a
 * notification so the user knows it did not happen.
 */
export function AccountManagerQuickAddButton({ clientId, onAdded }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const add = useQuickAddAccountManager(clientId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: zodResolver<Values>(AccountManagerQuickAdd),
  });

  const shut = () => {
    close();
    form.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The modal is portalled, but React still bubbles its submit to a form around the button.
    event.stopPropagation();
    form.onSubmit((values) => {
      add.mutate(values, {
        onSuccess: (manager) => {
          notifySuccess(CLIENT_TEXT.managerAdded);
          onAdded(manager);
          shut();
        },
        onError: (error) => {
          console.error('Quick Add of an account manager failed', error);
          notifyError(error, 'The account manager was not added');
          shut();
        },
      });
    })(event);
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={open}
        disabled={!clientId}
        title={clientId ? undefined : 'Choose a client first'}
      >
        {PROJECT_TEXT.quickAdd}
      </Button>
      <Modal opened={opened} onClose={shut} title={QUICK_ADD_TITLE} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="First Name"
                required
                autoComplete="off"
                data-autofocus
                {...form.getInputProps('first_name')}
              />
              <TextInput label="Last Name" required autoComplete="off" {...form.getInputProps('last_name')} />
            </SimpleGrid>
            <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label="Mobile" type="tel" required autoComplete="off" {...form.getInputProps('mobile')} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={shut}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Add Account Manager
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
