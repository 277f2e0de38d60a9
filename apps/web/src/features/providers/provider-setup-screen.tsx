import { useParams } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { useProvider } from './api';
import { ProviderForm } from './provider-form';
import { Crumbs, ProviderLoaded } from './provider-show-screen';

/** /service-providers/new and /service-providers/setup/:id/edit. */
export function ProviderSetupScreen() {
  const { id } = useParams();
  return id ? <EditProvider id={id} /> : <NewProvider />;
}

function NewProvider() {
  return (
    <>
      <Crumbs current="New service provider" />
      <PageHeader
        title="New service provider"
        description="Once it is created you can add its users and certificates."
      />
      <ProviderForm />
    </>
  );
}

function EditProvider({ id }: { id: string }) {
  const provider = useProvider(id);
  const p = provider.data;
  return (
    <>
      <Crumbs current="Edit" provider={p ? { id: p.id, name: p.service_provider_name } : undefined} />
      <PageHeader title={p ? `Edit ${p.service_provider_name}` : 'Edit service provider'} />
      <ProviderLoaded provider={provider}>
        {(loaded) => <ProviderForm key={loaded.id} provider={loaded} />}
      </ProviderLoaded>
    </>
  );
}
