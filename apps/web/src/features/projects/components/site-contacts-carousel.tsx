import { useRef, useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import { PROJECT_TEXT, type SiteContactView } from '@siteflow/core';
import { focusSoon } from '../../../ui/focus';
import { ViewField } from '../section-card';

/** One site contact as a form holds it: `key` keeps React's identity, `id` is null until saved. */
export type ContactValues = {
  key: string;
  id: string | null;
  name: string;
  position: string;
  email: string;
  phone: string;
  note: string;
};
export const CONTACT_FIELDS = ['name', 'position', 'email', 'phone', 'note'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

let nextKey = 0;
export const newContact = (): ContactValues => ({
  key: `new-${++nextKey}`,
  id: null,
  name: '',
  position: '',
  email: '',
  phone: '',
  note: '',
});
export const contactValues = (c: SiteContactView): ContactValues => ({
  key: c.id,
  id: c.id,
  name: c.name,
  position: c.position ?? '',
  email: c.email ?? '',
  phone: c.phone ?? '',
  note: c.note ?? '',
});
/** What the API takes for a contact (empty optional fields as null). */
export const contactPayload = (c: ContactValues) => ({
  name: c.name,
  position: c.position || null,
  email: c.email || null,
  phone: c.phone || null,
  note: c.note || null,
});

/** Previous/next arrows with the 'i / n' indicator; wraps around so focus never lands on a dead button. */
function Pager({ index, count, onIndexChange }: { index: number; count: number; onIndexChange: (i: number) => void }) {
  const many = count > 1;
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Previous contact"
        disabled={!many}
        onClick={() => onIndexChange((index - 1 + count) % count)}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Text size="sm" fw={600} miw={44} ta="center" aria-live="polite" aria-atomic data-testid="contact-indicator">
        {count ? `${index + 1} / ${count}` : '0 / 0'}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Next contact"
        disabled={!many}
        onClick={() => onIndexChange((index + 1) % count)}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** The saved site contacts, one at a time. */
export function SiteContactsView({ contacts }: { contacts: SiteContactView[] }) {
  const [index, setIndex] = useState(0);
  if (!contacts.length) {
    return (
      <Text size="sm" c="dimmed">
        {PROJECT_TEXT.noSiteContacts}
      </Text>
    );
  }
  const at = Math.min(index, contacts.length - 1);
  const c = contacts[at]!;
  return (
    <Stack gap="sm" role="group" aria-label="Site contacts">
      <Pager index={at} count={contacts.length} onIndexChange={setIndex} />
      <Paper withBorder radius="md" p="md">
        <Grid gap="sm" m={0}>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ViewField label="Name">{c.name}</ViewField>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ViewField label="Position">{c.position}</ViewField>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ViewField label="Email">
              {c.email ? (
                <Anchor href={`mailto:${c.email}`} size="sm">
                  {c.email}
                </Anchor>
              ) : null}
            </ViewField>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ViewField label="Phone">
              {c.phone ? (
                <Anchor href={`tel:${c.phone.replace(/\s+/g, '')}`} size="sm">
                  {c.phone}
                </Anchor>
              ) : null}
            </ViewField>
          </Grid.Col>
          <Grid.Col span={12}>
            <ViewField label="Note">{c.note}</ViewField>
          </Grid.Col>
        </Grid>
      </Paper>
    </Stack>
  );
}

/** What a Mantine form's getInputProps returns. */
export type InputProps = GetInputPropsReturnType;

type EditorProps = {
  contacts: ContactValues[];
  index: number;
  onIndexChange: (i: number) => void;
  getInputProps: (i: number, field: ContactField) => InputProps;
  onAdd: () => void;
  onRemove: (i: number) => void;
  /** Mark contacts that are not saved yet with 'New' (the details screen). */
  markNew?: boolean;
  /** Contacts with a field error, to point at those not shown. */
  invalid?: number[];
};

/** The site contacts of a form, paged one at a time: Add Contact, and Remove Contact while more than one. */
export function SiteContactsEditor({
  contacts,
  index,
  onIndexChange,
  getInputProps,
  onAdd,
  onRemove,
  markNew,
  invalid = [],
}: EditorProps) {
  const count = contacts.length;
  const at = Math.min(index, Math.max(count - 1, 0));
  const c = contacts[at];
  const elsewhere = invalid.filter((i) => i !== at);
  // Removing a contact shows another one (and, down to one, removes the Remove button itself): focus
  // goes to the Name of the contact now shown, not to the page.
  const nameField = useRef<HTMLInputElement>(null);
  const remove = () => {
    onRemove(at);
    focusSoon(() => nameField.current);
  };
  return (
    <Stack gap="sm" role="group" aria-label="Site contacts">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Pager index={at} count={count} onIndexChange={onIndexChange} />
          {markNew && c && c.id === null ? (
            <Badge color="teal" variant="light">
              {PROJECT_TEXT.newContact}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
            {PROJECT_TEXT.addContact}
          </Button>
          {count > 1 ? (
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={remove}
            >
              {PROJECT_TEXT.removeContact}
            </Button>
          ) : null}
        </Group>
      </Group>
      {elsewhere.length ? (
        <Text size="sm" c="red.9">
          {`Check contact ${elsewhere.map((i) => i + 1).join(', ')}: it has errors.`}
        </Text>
      ) : null}
      {c ? (
        <Paper withBorder radius="md" p="md" key={c.key}>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Name" required autoComplete="off" {...getInputProps(at, 'name')} ref={nameField} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Position" autoComplete="off" {...getInputProps(at, 'position')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Email" type="email" autoComplete="off" {...getInputProps(at, 'email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Phone" type="tel" autoComplete="off" {...getInputProps(at, 'phone')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label="Note" autosize minRows={2} maxRows={6} {...getInputProps(at, 'note')} />
            </Grid.Col>
          </Grid>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          {PROJECT_TEXT.noSiteContacts}
        </Text>
      )}
    </Stack>
  );
}

/** Indexes of contacts that have an error in a form's errors (keys site_contacts.{i}.{field}). */
export function invalidContacts(errors: Record<string, unknown>): number[] {
  const found = new Set<number>();
  for (const [key, value] of Object.entries(errors)) {
    const m = /^site_contacts\.(\d+)\./.exec(key);
    if (m && value) found.add(Number(m[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/** The contact a form's editor shows, and showing the first one with an error, so its messages are seen. */
export function useContactIndex() {
  const [index, setIndex] = useState(0);
  const showFirstInvalid = (errors: Record<string, unknown>) => {
    const [first] = invalidContacts(errors);
    if (first !== undefined) setIndex(first);
  };
  return { index, setIndex, showFirstInvalid };
}

/** What the editor uses of a form whose values hold `site_contacts`. */
type ContactsForm = Pick<
  UseFormReturnType<{ site_contacts: ContactValues[] }>,
  'getValues' | 'getInputProps' | 'insertListItem' | 'removeListItem' | 'errors'
>;

/** The site contacts editor on a form's `site_contacts`: Add shows the new contact, Remove a neighbour. */
export function FormContactsEditor({
  form,
  index,
  onIndexChange,
  markNew,
}: {
  form: ContactsForm;
  index: number;
  onIndexChange: (i: number) => void;
  markNew?: boolean;
}) {
  const contacts = form.getValues().site_contacts;
  return (
    <SiteContactsEditor
      contacts={contacts}
      index={index}
      onIndexChange={onIndexChange}
      getInputProps={(i, f) => form.getInputProps(`site_contacts.${i}.${f}`)}
      onAdd={() => {
        form.insertListItem('site_contacts', newContact());
        onIndexChange(contacts.length);
      }}
      onRemove={(i) => {
        form.removeListItem('site_contacts', i);
        onIndexChange(Math.max(0, Math.min(i, contacts.length - 2)));
      }}
      markNew={markNew}
      invalid={invalidContacts(form.errors)}
    />
  );
}
