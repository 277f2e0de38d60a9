import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Navigate, useSearchParams } from 'react-router';
import {
  CERTIFICATE_CARD_WIDTH,
  CERTIFICATE_TEXT,
  type CertificateView,
  type CertificationEntry,
  type CertificationsView,
} from '@siteflow/core';
import { useSession } from '../../session';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useCertifications } from './api';
import { CertificateDetails } from './certificate-details';
import { CertificateModal } from './certificate-modal';
import { formatExpiry } from './format';
import { useCertificateOwner } from './owner';
import { CounterIcon, ValidityIcon } from './validity';

type ModalState = { typeId: string; certificate?: CertificateView } | null;

/**
 * The Certifications page of a user (/users/{userId}/certifications) or a service provider
 * (/service-providers/{id}/certifications): mandatory and additional lists with counters, and the
 * details view of one type (?type={id}).
 */
export function CertificationsScreen() {
  const owner = useCertificateOwner();
  const query = useCertifications(owner);
  const [params, setParams] = useSearchParams();
  const typeId = params.get('type');
  const [modal, setModal] = useState<ModalState>(null);

  const openType = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('type', id);
        else next.delete('type');
        return next;
      },
      { replace: false },
    );

  // Back at the top of the page when switching between the list and the details view.
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [typeId]);

  const name = query.data?.owner.name;
  return (
    <>
      <PageHeader
        title={name ? `${name} — Certifications` : 'Certifications'}
        description={owner.isProvider ? 'Service provider certificates' : 'User certificates'}
      />
      {query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          title="Could not load the certifications"
        />
      ) : !query.data ? (
        <LoadingState label="Loading the certifications…" />
      ) : typeId ? (
        <CertificateDetails
          owner={owner}
          typeId={typeId}
          onBack={() => openType(null)}
          onAdd={() => setModal({ typeId })}
          onEdit={(certificate) => setModal({ typeId, certificate })}
        />
      ) : (
        <CertificationLists
          view={query.data}
          onOpen={(id) => openType(id)}
          onCreate={(id) => setModal({ typeId: id })}
        />
      )}
      {modal ? (
        <CertificateModal
          owner={owner}
          typeId={modal.typeId}
          certificate={modal.certificate}
          onClose={() => setModal(null)}
        />
      ) : null}
    </>
  );
}

function CertificationLists({
  view,
  onOpen,
  onCreate,
}: {
  view: CertificationsView;
  onOpen: (typeId: string) => void;
  onCreate: (typeId: string) => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const canManage = view.abilities.manage;
  return (
    <Stack gap="xl">
      <EntrySection kind="mandatory" view={view} canManage={canManage} onOpen={onOpen} onCreate={onCreate} />
      <EntrySection
        kind="additional"
        view={view}
        canManage={canManage}
        onOpen={onOpen}
        onCreate={onCreate}
        action={
          canManage && view.unused_additional_types.length > 0 ? (
            <Tooltip label="Add additional certificate" withArrow>
              <ActionIcon
                radius="xl"
                size="xl"
                aria-label="Add additional certificate"
                onClick={() => setChoosing(true)}
              >
                <IconPlus size={22} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null
        }
      />
      {choosing ? (
        <ChooseTypeModal
          types={view.unused_additional_types}
          onClose={() => setChoosing(false)}
          onChoose={(id) => {
            setChoosing(false);
            onCreate(id);
          }}
        />
      ) : null}
    </Stack>
  );
}

const EMPTY_TEXT = {
  mandatory: 'No certificate type is mandatory here.',
  additional: 'No additional certificates yet.',
};

/** The mandatory or the additional certificates: the heading with the count of valid ones, then the cards. */
function EntrySection({
  kind,
  view,
  action,
  ...cards
}: {
  kind: 'mandatory' | 'additional';
  view: CertificationsView;
  action?: React.ReactNode;
  canManage: boolean;
  onOpen: (typeId: string) => void;
  onCreate: (typeId: string) => void;
}) {
  const valid = view[`${kind}_valid`];
  const total = view[`${kind}_total`];
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={`${kind}-title`}>
      <ListHeader
        id={`${kind}-title`}
        title={CERTIFICATE_TEXT[`${kind}Title`]}
        counter={CERTIFICATE_TEXT[`${kind}Counter`](valid, total)}
        icon={<CounterIcon valid={valid} total={total} kind={kind} />}
        action={action}
      />
      <EntryCards entries={view[`${kind}Certificates`]} {...cards} empty={EMPTY_TEXT[kind]} />
    </Paper>
  );
}

function ListHeader({
  id,
  title,
  counter,
  icon,
  action,
}: {
  id: string;
  title: string;
  counter: string;
  icon: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Group gap="xs">
          {icon}
          <Text size="sm" fw={500}>
            {counter}
          </Text>
        </Group>
      </Stack>
      {action}
    </Group>
  );
}

function EntryCards({
  entries,
  canManage,
  onOpen,
  onCreate,
  empty,
}: {
  entries: CertificationEntry[];
  canManage: boolean;
  onOpen: (typeId: string) => void;
  onCreate: (typeId: string) => void;
  empty: string;
}) {
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Box
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', rowGap: 16 }}
    >
      {entries.map((entry) => (
        <Box
          component="li"
          key={entry.type.id}
          w={{ base: '100%', sm: CERTIFICATE_CARD_WIDTH }}
          data-testid="certificate-card"
        >
          <EntryCard entry={entry} canManage={canManage} onOpen={onOpen} onCreate={onCreate} />
        </Box>
      ))}
    </Box>
  );
}

const cardStyle: React.CSSProperties = {
  display: 'block',
  width: '100%',
  height: '100%',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-lg)',
  padding: 'var(--mantine-spacing-md)',
};

function EntryCard({
  entry,
  canManage,
  onOpen,
  onCreate,
}: {
  entry: CertificationEntry;
  canManage: boolean;
  onOpen: (typeId: string) => void;
  onCreate: (typeId: string) => void;
}) {
  const first = entry.user_certificate[0];
  if (!first) {
    // No certificate of this type yet: a plus tile that opens the create modal.
    const add = canManage;
    return (
      <UnstyledButton
        onClick={() => (add ? onCreate(entry.type.id) : onOpen(entry.type.id))}
        // The name holds what the tile shows, in its order (WCAG 2.5.3, label in name).
        aria-label={`${entry.type.name}: ${add ? 'no certificate yet, add one' : 'no certificate yet'}`}
        style={{ ...cardStyle, borderStyle: 'dashed' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Box style={{ minWidth: 0 }}>
            {/* A space between the lines keeps their words apart for text read across them (axe-core's label-in-name check). */}
            <Text fw={600} truncate>
              {entry.type.name}
            </Text>{' '}
            <Text size="sm" c="dimmed">
              {add ? 'No certificate yet: add one' : 'No certificate yet'}
            </Text>
          </Box>
          {add ? (
            <IconPlus size={28} aria-hidden color="var(--mantine-color-blue-6)" style={{ flex: '0 0 auto' }} />
          ) : null}
        </Group>
      </UnstyledButton>
    );
  }
  const expiry = formatExpiry(first.expiry);
  const status = entry.validity === 'valid' ? 'valid' : entry.validity === 'expired' ? 'expired' : 'valid, no expiry';
  const count = entry.user_certificate.length > 1 ? `, ${entry.user_certificate.length} certificates` : '';
  return (
    <UnstyledButton
      onClick={() => onOpen(entry.type.id)}
      // What the card shows, in its order (WCAG 2.5.3, label in name), then the validity its icon shows.
      aria-label={`${entry.type.name}, expiry ${expiry}${count}, ${status}`}
      style={cardStyle}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {entry.type.name}
          </Text>{' '}
          <Text size="sm" c={entry.validity === 'expired' ? 'red' : 'dimmed'}>
            Expiry: {expiry}
          </Text>{' '}
          {entry.user_certificate.length > 1 ? (
            <Text size="xs" c="dimmed">
              {entry.user_certificate.length} certificates
            </Text>
          ) : null}
        </Box>
        <ValidityIcon validity={entry.validity} />
      </Group>
    </UnstyledButton>
  );
}

function ChooseTypeModal({
  types,
  onClose,
  onChoose,
}: {
  types: { id: string; name: string }[];
  onClose: () => void;
  onChoose: (typeId: string) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title="Add additional certificate" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!value) {
            setError(CERTIFICATE_TEXT.typeRequired);
            return;
          }
          onChoose(value);
        }}
        noValidate
      >
        <Stack gap="md">
          <Select
            label="Certificate type"
            required
            data={types.map((t) => ({ value: t.id, label: t.name }))}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            searchable
            nothingFoundMessage="No type matches"
            error={error}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {CERTIFICATE_TEXT.cancel}
            </Button>
            <Button type="submit">Continue</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /certifications/me: the signed-in user's own certifications. */
export function CertificationsMeRedirect() {
  const session = useSession();
  if (!session.user) return <Navigate to="/login" replace />;
  return <Navigate to={`/users/${encodeURIComponent(session.user.id)}/certifications`} replace />;
}
