import { Badge, Button, Group, Modal, MultiSelect, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { CategoryInput, REFERENCE_TEXT, ServiceInput, type CategoryView, type ServiceView } from '@siteflow/core';
import { useCan } from '../../session';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import { notifySuccess } from '../../ui/notify';
import { actionsColumn, ActiveBadge } from '../../ui/list-page';
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
import { NewItemButton, ReferenceRowActions, ReferenceTable, saveActiveToggle, useItemModal } from './reference-list';

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

function CategoriesSection({ canManage }: { canManage: boolean }) {
  const categories = useCategories();
  const remove = useRemoveCategory();
  const modal = useItemModal<CategoryView>();

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="categories-heading">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="categories-heading">
          Categories
        </Title>
        {canManage ? <NewItemButton onClick={() => modal.open()}>New category</NewItemButton> : null}
      </Group>
      <ReferenceTable<CategoryView>
        label="Categories"
        query={categories}
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
              <ReferenceRowActions
                name={c.name}
                edit={{ verb: 'Edit', onClick: () => modal.open(c) }}
                onDelete={() => confirmRemove('category', c.name, () => remove.mutateAsync(c.id))}
                deleting={remove.isPending && remove.variables === c.id}
              />
            ),
            { hidden: !canManage },
          ),
        ]}
      />
      <Modal
        opened={modal.opened}
        onClose={modal.close}
        title={modal.item ? `Edit ${modal.item.name}` : 'New category'}
        size="lg"
      >
        <CategoryForm key={modal.key} category={modal.item} onDone={modal.close} />
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

function ServicesSection({ canManage }: { canManage: boolean }) {
  const services = useServices();
  const save = useSaveService();
  const remove = useRemoveService();
  const modal = useItemModal<ServiceView>();
  const editing = modal.item;

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
        {canManage ? <NewItemButton onClick={() => modal.open()}>New service</NewItemButton> : null}
      </Group>
      <ReferenceTable<ServiceView>
        label="Services"
        query={services}
        emptyHeight={150}
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'category_count', title: 'Categories', textAlign: 'right', width: 120 },
          { accessor: 'active', title: 'Status', noWrap: true, render: (s) => <ActiveBadge active={s.active} /> },
          actionsColumn(
            (s) => (
              <ReferenceRowActions
                name={s.name}
                edit={{ verb: 'Rename', onClick: () => modal.open(s) }}
                toggle={{
                  active: s.active,
                  onClick: () => saveActiveToggle(save, s, s.name, { name: s.name, active: !s.active }),
                  loading: save.isPending && save.variables?.id === s.id,
                }}
                onDelete={() => confirmRemove('service', s.name, () => remove.mutateAsync(s.id))}
                deleting={remove.isPending && remove.variables === s.id}
              />
            ),
            { hidden: !canManage },
          ),
        ]}
      />
      <NameModal
        opened={modal.opened}
        onClose={modal.close}
        heading={editing ? `Rename ${editing.name}` : 'New service'}
        label="Name"
        schema={ServiceInput}
        initial={editing ? { text: editing.name, active: editing.active } : undefined}
        submitLabel={editing ? 'Save Changes' : 'Add service'}
        onSubmit={(v) => save.mutateAsync({ id: editing?.id, body: { name: v.text, active: v.active } })}
      />
    </Paper>
  );
}
