import { useState } from 'react';
import { Badge, Button, Group, Modal, MultiSelect, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconToggleLeft, IconToggleRight, IconTrash } from '@tabler/icons-react';
import { CategoryInput, REFERENCE_TEXT, ServiceInput, type CategoryView, type ServiceView } from '@siteflow/core';
import { useCan } from '../../session';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import { notifyError, notifySuccess } from '../../ui/notify';
import { actionsColumn, ActiveBadge, PagedTable, RowAction } from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
import {
  useCategories,
  useRemoveCategory,
  useRemoveService,
  useSaveCategory,
  useSaveService,
  useServices,
} from './api';
import { confirmRemove, NameModal } from './name-modal';

export function CategoriesScreen() {
  const canManage = useCan('reference.manage');
  return (
    <>
      <PageHeader
        title="Categories & services"
        description="Project categories and the services each offers on the project forms."
      />
      <Stack gap="lg">
        <CategoriesSection canManage={canManage} />
        <ServicesSection canManage={canManage} />
      </Stack>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Categories

type CategoryEditing = { category?: CategoryView; key: number };

function CategoriesSection({ canManage }: { canManage: boolean }) {
  const categories = useCategories();
  const remove = useRemoveCategory();
  const [editing, setEditing] = useState<CategoryEditing | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (category?: CategoryView) => {
    setEditing({ category, key: (editing?.key ?? 0) + 1 });
    setOpened(true);
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="categories-heading">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="categories-heading">
          Categories
        </Title>
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open()}>
            New category
          </Button>
        ) : null}
      </Group>
      <PagedTable<CategoryView>
        label="Categories"
        query={categories}
        records={categories.data}
        errorTitle="Could not load categories"
        noRecordsText="No categories yet."
        emptyHeight={150}
        columns={[
          {
            accessor: 'name',
            title: 'Name',
            noWrap: true,
            render: (c) => (
              <Text size="sm" fw={600}>
                {c.name}
              </Text>
            ),
          },
          {
            accessor: 'services',
            title: 'Services',
            render: (c) =>
              c.services.length ? (
                <Group gap={6}>
                  {c.services.map((s) => (
                    <Badge key={s.id} variant="default" tt="none" fw={500}>
                      {s.name}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  No services
                </Text>
              ),
          },
          { accessor: 'active', title: 'Status', noWrap: true, render: (c) => <ActiveBadge active={c.active} /> },
          actionsColumn(
            (c) => (
              <>
                <RowAction tooltip="Edit" label={`Edit ${c.name}`} icon={IconPencil} onClick={() => open(c)} />
                <RowAction
                  tooltip="Delete"
                  label={`Delete ${c.name}`}
                  icon={IconTrash}
                  color="red"
                  onClick={() => confirmRemove('category', c.name, () => remove.mutateAsync(c.id))}
                  loading={remove.isPending && remove.variables === c.id}
                />
              </>
            ),
            { hidden: !canManage },
          ),
        ]}
      />
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={editing?.category ? `Edit ${editing.category.name}` : 'New category'}
        size="lg"
      >
        {editing ? (
          <CategoryForm key={editing.key} category={editing.category} onDone={() => setOpened(false)} />
        ) : null}
      </Modal>
    </Paper>
  );
}

export function CategoryForm({ category, onDone }: { category?: CategoryView; onDone: () => void }) {
  const services = useServices();
  const save = useSaveCategory();
  const { form, alert, submit, showServerErrors } = useContractForm(CategoryInput, {
    initial: {
      name: category?.name ?? '',
      active: category?.active ?? true,
      service_ids: category?.services.map((s) => s.id) ?? [],
    },
    toPayload: (values) => values,
  });
  // Active services, plus any inactive one the category still has (so it is not dropped unseen).
  const chosen = new Set(form.values.service_ids);
  const options = (services.data ?? [])
    .filter((s) => s.active || chosen.has(s.id))
    .map((s) => ({ value: s.id, label: s.active ? s.name : `${s.name} (inactive)` }));

  const onSubmit = submit((body) =>
    save.mutate(
      { id: category?.id, body },
      {
        onSuccess: () => {
          notifySuccess(REFERENCE_TEXT.saved);
          onDone();
        },
        onError: (error) => showServerErrors(error),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert title="Not saved" message={alert} />
        <TextInput
          label="Name"
          required
          autoComplete="off"
          data-autofocus
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <MultiSelect
          label="Services"
          description="The services offered for projects in this category."
          placeholder={form.values.service_ids.length ? undefined : 'Choose services'}
          data={options}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear services' }}
          nothingFoundMessage={services.isPending ? 'Loading…' : 'No services found'}
          comboboxProps={{ withinPortal: true }}
          hidePickedOptions
          {...form.getInputProps('service_ids')}
        />
        <Switch label="Active" size="md" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {category ? 'Save Changes' : 'Add category'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Services

type ServiceEditing = { service?: ServiceView; key: number };

function ServicesSection({ canManage }: { canManage: boolean }) {
  const services = useServices();
  const save = useSaveService();
  const remove = useRemoveService();
  const [editing, setEditing] = useState<ServiceEditing | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (service?: ServiceView) => {
    setEditing({ service, key: (editing?.key ?? 0) + 1 });
    setOpened(true);
  };

  const toggle = (s: ServiceView) =>
    save.mutate(
      { id: s.id, body: { name: s.name, active: !s.active } },
      {
        onSuccess: () => notifySuccess(s.active ? `${s.name} deactivated.` : `${s.name} activated.`),
        onError: (error) => notifyError(error, s.active ? 'Could not deactivate' : 'Could not activate'),
      },
    );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="services-heading">
      <Group justify="space-between" mb="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="services-heading">
            Services
          </Title>
          <Text size="sm" c="dimmed">
            A service in use by projects cannot be deleted; deactivate it to stop offering it.
          </Text>
        </Stack>
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open()}>
            New service
          </Button>
        ) : null}
      </Group>
      <PagedTable<ServiceView>
        label="Services"
        query={services}
        records={services.data}
        errorTitle="Could not load services"
        noRecordsText="No services yet."
        emptyHeight={150}
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'category_count', title: 'Categories', textAlign: 'right', width: 120 },
          { accessor: 'active', title: 'Status', noWrap: true, render: (s) => <ActiveBadge active={s.active} /> },
          actionsColumn(
            (s) => (
              <>
                <RowAction tooltip="Rename" label={`Rename ${s.name}`} icon={IconPencil} onClick={() => open(s)} />
                <RowAction
                  tooltip={s.active ? 'Deactivate' : 'Activate'}
                  label={`${s.active ? 'Deactivate' : 'Activate'} ${s.name}`}
                  icon={s.active ? IconToggleRight : IconToggleLeft}
                  color={s.active ? 'orange' : 'green'}
                  onClick={() => toggle(s)}
                  loading={save.isPending && save.variables?.id === s.id}
                />
                <RowAction
                  tooltip="Delete"
                  label={`Delete ${s.name}`}
                  icon={IconTrash}
                  color="red"
                  onClick={() => confirmRemove('service', s.name, () => remove.mutateAsync(s.id))}
                  loading={remove.isPending && remove.variables === s.id}
                />
              </>
            ),
            { hidden: !canManage },
          ),
        ]}
      />
      <NameModal
        opened={opened}
        onClose={() => setOpened(false)}
        heading={editing?.service ? `Rename ${editing.service.name}` : 'New service'}
        label="Name"
        schema={ServiceInput}
        initial={editing?.service ? { text: editing.service.name, active: editing.service.active } : undefined}
        submitLabel={editing?.service ? 'Save Changes' : 'Add service'}
        onSubmit={(v) => save.mutateAsync({ id: editing?.service?.id, body: { name: v.text, active: v.active } })}
      />
    </Paper>
  );
}
