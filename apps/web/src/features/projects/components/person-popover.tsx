import { Anchor, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMail, IconPhone } from '@tabler/icons-react';
import type { Person } from '@siteflow/core';

/**
 * A person's name as a button opening their profile popup next to it: name, email (mailto:) and
 * mobile or phone (tel:). Closes on a click outside and on Escape, and gives focus back.
 */
export function PersonPopover({ person }: { person: Person | null }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  if (!person) {
    return (
      <Text size="sm" c="dimmed">
        Not set
      </Text>
    );
  }
  const phone = person.mobile || person.phone;
  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? undefined : close())}
      position="bottom-start"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
      closeOnEscape
      closeOnClickOutside
    >
      <Popover.Target>
        <Anchor component="button" type="button" size="sm" fw={500} onClick={toggle} style={{ textAlign: 'left' }}>
          {person.full_name}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown aria-label={`${person.full_name} profile`} maw={320}>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {person.full_name}
          </Text>
          {person.email ? (
            <Anchor
              href={`mailto:${person.email}`}
              size="sm"
              style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
            >
              <IconMail size={14} aria-hidden />
              {person.email}
            </Anchor>
          ) : null}
          {phone ? (
            <Anchor
              href={`tel:${phone.replace(/\s+/g, '')}`}
              size="sm"
              style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
            >
              <IconPhone size={14} aria-hidden />
              {phone}
            </Anchor>
          ) : null}
          {!person.email && !phone ? (
            <Text size="sm" c="dimmed">
              No contact details.
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
