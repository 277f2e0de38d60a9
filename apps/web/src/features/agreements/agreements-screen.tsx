import { useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AGREEMENT_TEXT, type AgreementView } from '@siteflow/core';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { notifyError } from '../../ui/notify';
import { useQuoteList } from '../quotes/api';
import { useCreateAgreement, useQuoteAgreements } from './api';
import { AgreementEditor } from './agreement-editor';

/** The agreement dropdown's text: its name, and VOID when it is. */
const optionLabel = (a: Pick<AgreementView, 'name' | 'status'>) => (a.status === 'VOID' ? `${a.name} (VOID)` : a.name);

/**
 * A quote's service provider agreements (spec 3 sections 2.2 and 4),
 * /projects/:id/quotes/:quoteId/agreements: Back (to the quote), New, the agreement dropdown and
 * the selected agreement below. After loading the first agreement is selected; a new one is
 * selected; after a delete, the first remaining one.
 */
export function AgreementsScreen() {
  const params = useParams();
  const projectId = Number(params.id);
  const quoteId = Number(params.quoteId);
  const query = useQuoteAgreements(projectId, quoteId);
  // The quote's code for the loading text (the project's quotes, usually already read by the quote screen).
  const quoteList = useQuoteList(projectId);
  const code = query.data?.quote.code ?? quoteList.data?.items.find((q) => q.id === quoteId)?.code ?? '';
  const [chosen, setChosen] = useState<number | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const create = useCreateAgreement(projectId, quoteId);
  const agreements = query.data?.agreements ?? [];
  const selected = agreements.find((a) => a.id === chosen) ?? agreements[0] ?? null;
  const quote = query.data?.quote;

  const onNew = () =>
    create.mutate(undefined, {
      onSuccess: (view) => {
        setChosen(view.id);
        setCreated(view.id);
      },
      onError: (error) => notifyError(error, 'The agreement was not created'),
    });

  const back = `/projects/${projectId}/quotes?quote=${quoteId}`;

  return (
    <>
      <BreadcrumbTrail
        list="Projects"
        to="/projects"
        parent={{ label: quote?.project_code ?? 'Project', to: `/projects/${projectId}/show` }}
        current={AGREEMENT_TEXT.title}
      />
      <PageHeader
        title={AGREEMENT_TEXT.title}
        description={quote ? `${quote.project_code} · ${quote.project_name} · Quote ${quote.code}` : undefined}
        actions={
          <>
            <Button variant="default" component={Link} to={back} leftSection={<IconArrowLeft size={16} aria-hidden />}>
              Back
            </Button>
            {query.data ? (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew} loading={create.isPending}>
                New
              </Button>
            ) : null}
          </>
        }
      />
      {query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          title="Could not load the service provider agreements"
        />
      ) : !query.data ? (
        <LoadingState label={AGREEMENT_TEXT.loading(code)} />
      ) : agreements.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed" data-testid="agreements-empty">
            {AGREEMENT_TEXT.empty}
          </Text>
        </Paper>
      ) : (
        <>
          <Paper withBorder p="sm" radius="md" mb="md">
            <Group gap="sm" wrap="wrap">
              <Select
                aria-label="Agreement"
                placeholder={AGREEMENT_TEXT.selectAgreement}
                data={agreements.map((a) => ({ value: String(a.id), label: optionLabel(a) }))}
                value={selected ? String(selected.id) : null}
                onChange={(v) => setChosen(v ? Number(v) : null)}
                allowDeselect={false}
                w={{ base: '100%', sm: 320 }}
                data-testid="agreement-select"
              />
            </Group>
          </Paper>
          {selected ? (
            <AgreementEditor
              key={selected.id}
              projectId={projectId}
              quoteId={quoteId}
              view={query.data}
              agreement={selected}
              created={created === selected.id}
              onCreatedSeen={() => setCreated(null)}
              onReload={() => void query.refetch()}
              onDeleted={() => setChosen(null)}
            />
          ) : null}
        </>
      )}
    </>
  );
}
