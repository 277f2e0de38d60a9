import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconCheck, IconFileTypePdf, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useParams } from 'react-router';
import {
  AGREEMENT_LIMITS,
  AGREEMENT_PDF_LABELS,
  AGREEMENT_PDF_TYPES,
  AGREEMENT_TEXT,
  dec,
  formatLastUpdated,
  formatQuoteMoney,
  type ProviderAgreementSummary,
  type ProviderAgreementView,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { confirmAction } from '../../ui/confirm';
import { PagedTable, useListState } from '../../ui/list-page';
import { Loaded } from '../../ui/loaded';
import { notifyDialog } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { TermsModal } from '../../ui/terms-modal';
import { providerAgreementPdfUrl, useProviderAgreement, useProviderAgreementList, useRespondToAgreement } from './api';
import { responseText } from './texts';
import { TableScroll } from '../../ui/table-scroll';

const LIST = { pageSizes: [20, 50, 100], defaultPageSize: 20 };

/** An agreement's state for its provider: VOID, else their answer, else waiting for it. */
function StatusBadge({ status, response }: { status: string; response: 'Accepted' | 'Declined' | null }) {
  if (status === 'VOID')
    return (
      <Badge variant="light" color="gray" data-testid="agreement-status">
        VOID
      </Badge>
    );
  if (response)
    return (
      <Badge variant="light" color={response === 'Accepted' ? 'green' : 'red'} data-testid="agreement-status">
        {response}
      </Badge>
    );
  return (
    <Badge variant="light" color="blue" data-testid="agreement-status">
      Awaiting your answer
    </Badge>
  );
}

const COLUMNS: DataTableColumn<ProviderAgreementSummary>[] = [
  {
    accessor: 'name',
    title: 'Agreement',
    render: (a) => (
      <Anchor component={Link} to={`/agreements/${a.id}`} fw={600} size="sm">
        {a.name}
      </Anchor>
    ),
  },
  {
    accessor: 'project',
    title: 'Project',
    render: (a) => (
      <Stack gap={0}>
        <Text size="sm">{a.project.code}</Text>
        <Text size="xs" c="dimmed">
          {a.project.name}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'quote_code', title: 'Quote', noWrap: true },
  {
    accessor: 'contract_price',
    title: 'Contract Price',
    textAlign: 'right',
    noWrap: true,
    render: (a) => formatQuoteMoney(a.contract_price),
  },
  {
    accessor: 'status',
    title: 'Status',
    render: (a) => <StatusBadge status={a.status} response={a.response} />,
  },
  { accessor: 'updated_at', title: 'Updated', noWrap: true, render: (a) => formatLastUpdated(a.updated_at) },
];

/** A provider user's agreements (issue 14 section 1), /agreements: newest first, a page at a time. */
export function ProviderAgreementListScreen() {
  const list = useListState(LIST);
  const { page, pageSize } = list.params;
  const query = useProviderAgreementList(page, pageSize);
  return (
    <>
      <PageHeader title="Agreements" description="The service provider agreements sent to your company." />
      <Paper withBorder radius="md" p="sm">
        <PagedTable<ProviderAgreementSummary>
          label="Agreements"
          query={query}
          records={query.data?.items}
          columns={COLUMNS}
          errorTitle="Could not load your agreements"
          noRecordsText="No agreements have been sent to your company yet."
          loadingText="Loading agreements…"
          list={list}
          total={query.data?.total}
          perPageLabel="Agreements per page"
        />
      </Paper>
    </>
  );
}

/** A quantity as typed: '2.000' -> '2'. */
const quantityText = (q: string) => dec(q).toFixed();

/**
 * One agreement as its provider sees it (issue 14 section 1), /agreements/:agreementId: the
 * project and site, the sections with their items and contract prices, the total, the notes, the
 * T&Cs and the PDFs; Accept and Decline (with a reason) while it is Active. The server sends no
 * company prices, costs or margins.
 */
export function ProviderAgreementScreen() {
  const agreementId = Number(useParams().agreementId);
  const query = useProviderAgreement(agreementId);
  return (
    <>
      <BreadcrumbTrail list="Agreements" to="/agreements" current={query.data?.name ?? 'Agreement'} />
      <PageHeader
        title={AGREEMENT_TEXT.title}
        description={query.data ? `${query.data.name} · Quote ${query.data.quote_code}` : undefined}
      />
      <Loaded query={query} loading="Loading the agreement…" errorTitle="Could not load the agreement">
        {(a) => <ProviderAgreement agreement={a} />}
      </Loaded>
    </>
  );
}

function ProviderAgreement({ agreement: a }: { agreement: ProviderAgreementView }) {
  const [declining, setDeclining] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const respond = useRespondToAgreement(a.id);
  const response = responseText(a.response);
  const send = () =>
    respond.mutate(
      { response: 'Accepted' },
      {
        onSuccess: () => notifyDialog(true, 'Agreement accepted', 'Thank you: the company has been told.'),
        onError: (error) =>
          notifyDialog(
            false,
            'Your answer was not saved',
            error instanceof ApiError && error.status > 0 && error.status < 500
              ? error.message
              : 'Please try again later.',
          ),
      },
    );
  // Accepting binds the provider to the work at its price, and the company acts on it at once:
  // asked once, as declining is (with its reason).
  const accept = () =>
    confirmAction({
      title: 'Accept agreement',
      message: `Accept ${a.name} at a contract price of ${formatQuoteMoney(a.contract_price)}, on the terms and conditions? The company is told at once.`,
      confirmLabel: 'Accept',
      danger: false,
      onConfirm: send,
    });
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6}>
            <Group gap="sm">
              <Text fw={700} size="lg" data-testid="agreement-name">
                {a.name}
              </Text>
              <StatusBadge status={a.status} response={a.response?.response ?? null} />
            </Group>
            {response ? (
              <Text size="sm" data-testid="agreement-response" style={{ whiteSpace: 'pre-wrap' }}>
                {response}
              </Text>
            ) : null}
          </Stack>
          {a.abilities.respond ? (
            <Group gap="sm">
              {a.response?.response === 'Accepted' ? null : (
                <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={accept} loading={respond.isPending}>
                  Accept
                </Button>
              )}
              {a.response?.response === 'Declined' ? null : (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconX size={16} aria-hidden />}
                  onClick={() => setDeclining(true)}
                >
                  Decline
                </Button>
              )}
            </Group>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="md" mb={0} spacing="md" component="dl">
          <Fact label="Project" value={`${a.project.code} · ${a.project.name}`} />
          <Fact label="Site" value={a.project.site_address || '-'} />
          <Fact label="Service Provider" value={a.service_provider.name} />
          <Fact label="Last Updated" value={formatLastUpdated(a.updated_at)} />
        </SimpleGrid>
      </Paper>

      {a.sections.map((s) => (
        <Paper key={s.id} withBorder p="md" radius="md" data-testid="agreement-section">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{s.name}</Text>
            <Text fw={600} data-testid="section-contract-price">
              {formatQuoteMoney(s.contract_price)}
            </Text>
          </Group>
          <TableScroll label={s.name} minWidth={420}>
            <Table striped aria-label={s.name}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.line_items.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Text size="sm">{l.description}</Text>
                      {l.long_description ? (
                        <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                          {l.long_description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{l.category}</Table.Td>
                    <Table.Td ta="right">{quantityText(l.quantity)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
      ))}

      <Paper withBorder p="md" radius="md">
        <Group justify="flex-end" gap="sm">
          <Text fw={600}>Total Contract Price (ex. GST)</Text>
          <Text fw={700} data-testid="agreement-total">
            {formatQuoteMoney(a.contract_price)}
          </Text>
        </Group>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Text size="sm" fw={500} mb={4}>
          {AGREEMENT_TEXT.notesTitle}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="agreement-notes">
          {a.notes ?? 'No notes.'}
        </Text>
      </Paper>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Anchor component="button" type="button" size="sm" onClick={() => setTermsOpen(true)}>
          View T&amp;Cs
        </Anchor>
        <Group gap={6} role="group" aria-label="Documents">
          {AGREEMENT_PDF_TYPES.map((type) => (
            <Button
              key={type}
              variant="default"
              component="a"
              href={providerAgreementPdfUrl(a.id, type)}
              target="_blank"
              rel="noopener"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
            >
              {AGREEMENT_PDF_LABELS[type]}
            </Button>
          ))}
        </Group>
      </Group>
      <TermsModal opened={termsOpen} onClose={() => setTermsOpen(false)} />
      <DeclineModal agreementId={a.id} opened={declining} onClose={() => setDeclining(false)} />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </div>
  );
}

function DeclineModal({ agreementId, opened, onClose }: { agreementId: number; opened: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const respond = useRespondToAgreement(agreementId);
  const decline = () => {
    if (!reason.trim()) return setError('Please give a reason for declining.');
    respond.mutate(
      { response: 'Declined', reason },
      {
        onSuccess: () => {
          setError(undefined);
          onClose();
          notifyDialog(true, 'Agreement declined', 'The company has been told why.');
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 422 && e.fieldError('reason'))
            return setError(e.fieldError('reason'));
          onClose();
          notifyDialog(
            false,
            'Your answer was not saved',
            e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : 'Please try again later.',
          );
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Decline agreement" centered>
      <Stack gap="md">
        <Textarea
          label="Reason for declining"
          autosize
          minRows={3}
          maxLength={AGREEMENT_LIMITS.declineReason}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          description={`${reason.length}/${AGREEMENT_LIMITS.declineReason}`}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={decline} loading={respond.isPending}>
            Decline
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
