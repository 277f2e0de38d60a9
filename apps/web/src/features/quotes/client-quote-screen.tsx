import { useState } from 'react';
import { Badge, Button, Group, List, Modal, Paper, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useParams } from 'react-router';
import {
  CLIENT_QUOTE_TEXT,
  dec,
  formatQuoteMoney,
  QUOTE_LIMITS,
  QUOTE_TERMS,
  SIGNATURE_MAX,
  type ClientDecision,
  type QuoteView,
  type SectionView,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { ProjectPageTrail } from '../../ui/breadcrumb-trail';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useClientQuote, useRespondToQuote } from './client-quote-api';
import { notifyQuote } from './notify';
import { ClientDecisionLine } from './send-to-client';
import { TableScroll } from '../../ui/table-scroll';

/** A quantity as typed: '2.000' -> '2', '1.500' -> '1.5'. */
const quantityText = (q: string) => dec(q).toFixed();

/**
 * The client's view of the quote sent for their project (issue 13 section 6), /projects/:id/quote:
 * sections and items with sell prices and totals (the server sends no costs, profit, margins or
 * general notes), the status, and while it is an unanswered Draft 'Accept Quote' (the T&Cs and
 * the typed name as the signature) and 'Reject Quote' (with the reason).
 */
export function ClientQuoteScreen() {
  const projectId = Number(useParams().id);
  const query = useClientQuote(projectId);
  const project = query.data?.project;

  return (
    <>
      <ProjectPageTrail projectId={projectId} code={project?.code} current="Quote" />
      <PageHeader title="Quote" description={project ? `${project.code} · ${project.title}` : undefined} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title={CLIENT_QUOTE_TEXT.loadFailed} />
      ) : query.data === undefined ? (
        <LoadingState label="Loading the quote…" />
      ) : query.data.quote === null ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" data-testid="client-quote-empty">
            {CLIENT_QUOTE_TEXT.notSent}
          </Text>
        </Paper>
      ) : (
        <ClientQuote projectId={projectId} quote={query.data.quote} />
      )}
    </>
  );
}

function ClientQuote({ projectId, quote }: { projectId: number; quote: QuoteView }) {
  const [answer, setAnswer] = useState<ClientDecision | null>(null);
  const open = quote.status === 'Draft' && quote.client_decision === null;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Text fw={600} data-testid="quote-code">
              {quote.code}
            </Text>
            <Badge variant="light" color={statusColor(quote.status)} data-testid="quote-status">
              {quote.status}
            </Badge>
          </Group>
          {open ? (
            <Group gap="sm">
              <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setAnswer('Accepted')}>
                {CLIENT_QUOTE_TEXT.accept}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => setAnswer('Rejected')}
              >
                {CLIENT_QUOTE_TEXT.reject}
              </Button>
            </Group>
          ) : null}
        </Group>
        <ClientDecisionLine quote={quote} />
        {quote.note ? (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {quote.note}
          </Text>
        ) : null}
      </Paper>
      {quote.sections.map((s, i) => (
        <ClientSection key={s.id} section={s} index={i} />
      ))}
      <Paper withBorder p="md" radius="md">
        <Group justify="flex-end" gap="sm">
          <Text fw={600}>Quote Total (ex. GST)</Text>
          <Text fw={700} data-testid="quote-total">
            {formatQuoteMoney(quote.totals.revenue)}
          </Text>
        </Group>
      </Paper>
      <AcceptModal projectId={projectId} quote={quote} opened={answer === 'Accepted'} onClose={() => setAnswer(null)} />
      <RejectModal projectId={projectId} quote={quote} opened={answer === 'Rejected'} onClose={() => setAnswer(null)} />
    </Stack>
  );
}

const statusColor = (s: QuoteView['status']) =>
  s === 'Accepted' ? 'green' : s === 'Rejected' ? 'red' : s === 'Void' ? 'gray' : 'blue';

/**
 * The column widths (px) of the sections' tables: each section is its own table, and a fixed
 * layout with these widths lines Qty, Unit Price and Total up from one section to the next.
 */
const CLIENT_COLUMNS = { qty: 80, unitPrice: 130, total: 150 } as const;

function ClientSection({ section, index }: { section: SectionView; index: number }) {
  const title = section.name || `Section ${index + 1}`;
  return (
    <Paper withBorder p="md" radius="md" data-testid="quote-section">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {section.note ? (
        <Text size="sm" mb="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {section.note}
        </Text>
      ) : null}
      <TableScroll label={title} minWidth={560}>
        <Table striped aria-label={title} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right" w={CLIENT_COLUMNS.qty}>
                Qty
              </Table.Th>
              <Table.Th ta="right" w={CLIENT_COLUMNS.unitPrice}>
                Unit Price
              </Table.Th>
              <Table.Th ta="right" w={CLIENT_COLUMNS.total}>
                Total (ex. GST)
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.line_items.map((l) => (
              <Table.Tr key={l.id} data-testid="line-item">
                <Table.Td>
                  <Text size="sm">{l.description}</Text>
                  {l.long_description ? (
                    <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                      {l.long_description}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{quantityText(l.quantity)}</Table.Td>
                <Table.Td ta="right">{formatQuoteMoney(l.unit_sell_price)}</Table.Td>
                <Table.Td ta="right">{formatQuoteMoney(l.totals.revenue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3} ta="right">
                Section Total
              </Table.Th>
              <Table.Th ta="right" data-testid="section-total">
                {formatQuoteMoney(section.totals.revenue)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </TableScroll>
    </Paper>
  );
}

type ModalProps = { projectId: number; quote: QuoteView; opened: boolean; onClose: () => void };

/** What a refused answer shows: the field's message beside it, anything else as a notification. */
function useAnswer(projectId: number, onClose: () => void) {
  const respond = useRespondToQuote(projectId);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = (body: Parameters<typeof respond.mutate>[0], title: string, message: string) =>
    respond.mutate(body, {
      onSuccess: () => {
        setErrors({});
        onClose();
        notifyQuote(true, title, message);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length) {
          setErrors({ name: error.fieldError('name'), reason: error.fieldError('reason') });
          return;
        }
        onClose();
        notifyQuote(
          false,
          undefined,
          error instanceof ApiError && error.status === 409 ? error.message : CLIENT_QUOTE_TEXT.answerFailed,
        );
      },
    });
  return { submit, errors, setErrors, pending: respond.isPending };
}

function AcceptModal({ projectId, quote, opened, onClose }: ModalProps) {
  const [name, setName] = useState('');
  const { submit, errors, setErrors, pending } = useAnswer(projectId, onClose);
  const accept = () => {
    if (!name.trim()) return setErrors({ name: CLIENT_QUOTE_TEXT.nameRequired });
    submit(
      { quote_id: quote.id, decision: 'Accepted', name },
      CLIENT_QUOTE_TEXT.acceptedTitle,
      CLIENT_QUOTE_TEXT.accepted,
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={CLIENT_QUOTE_TEXT.accept} centered size="lg">
      <Stack gap="md">
        <Text size="sm" fw={500}>
          Terms and Conditions
        </Text>
        <List size="sm" spacing={4}>
          {QUOTE_TERMS.map((t) => (
            <List.Item key={t}>{t}</List.Item>
          ))}
        </List>
        <Text size="sm">
          Quote {quote.code}: {formatQuoteMoney(quote.totals.revenue)} (ex. GST)
        </Text>
        <TextInput
          label={CLIENT_QUOTE_TEXT.signLabel}
          value={name}
          maxLength={SIGNATURE_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          autoComplete="name"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {CLIENT_QUOTE_TEXT.cancel}
          </Button>
          <Button onClick={accept} loading={pending}>
            {CLIENT_QUOTE_TEXT.iAccept}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RejectModal({ projectId, quote, opened, onClose }: ModalProps) {
  const [reason, setReason] = useState('');
  const { submit, errors, setErrors, pending } = useAnswer(projectId, onClose);
  const reject = () => {
    if (!reason.trim()) return setErrors({ reason: CLIENT_QUOTE_TEXT.reasonRequired });
    submit(
      { quote_id: quote.id, decision: 'Rejected', reason },
      CLIENT_QUOTE_TEXT.rejectedTitle,
      CLIENT_QUOTE_TEXT.rejected,
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={CLIENT_QUOTE_TEXT.reject} centered>
      <Stack gap="md">
        <Textarea
          label={CLIENT_QUOTE_TEXT.reasonLabel}
          autosize
          minRows={3}
          maxLength={QUOTE_LIMITS.reason}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {CLIENT_QUOTE_TEXT.cancel}
          </Button>
          <Button color="red" onClick={reject} loading={pending}>
            {CLIENT_QUOTE_TEXT.rejectSubmit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
