import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Paper, Table, Tabs, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import {
  duplicateLineKeys,
  FINANCE_LIMITS,
  FINANCE_SAVED_MS,
  FINANCE_TEXT,
  financeSummary,
  FinanceSaveInput,
  formatFinanceMoney,
  formatPercent,
  mergePulledLines,
  newFinanceLine,
  type FinanceKind,
  type FinanceView,
} from '@siteflow/core';
import { isApiError, type FieldErrors } from '../../api/client';
import { useCan } from '../../session';
import { ProjectPageTrail } from '../../ui/breadcrumb-trail';
import { confirmAction } from '../../ui/confirm';
import { FormAlert } from '../../ui/contract-form';
import { Loaded } from '../../ui/loaded';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { pullFinance, useFinance, useSaveFinance } from './api';
import { draftTotals, toDraft, toRow, toSaveBody, type FinanceDraft } from './draft';
import { codeInputId, FinanceLinesTable, type Field, type Row } from './finance-lines';

/**
 * A project's finance at /projects/:id/finances (issue 14 section 2; spec 3 section 2.6): tabs
 * Summary, Revenue and Expenses; Save shows 'Saving...' then a green tick for 3 seconds; Cancel
 * returns to the project. Every figure comes from core's finance functions (exact money).
 */
export function FinanceScreen() {
  const projectId = Number(useParams().id);
  const query = useFinance(projectId);
  return (
    <>
      <ProjectPageTrail projectId={projectId} code={query.data?.project.code} current={FINANCE_TEXT.title} />
      <Loaded query={query} loading={FINANCE_TEXT.loading} errorTitle="Could not load the finance">
        {(view) => <FinanceEditor view={view} />}
      </Loaded>
    </>
  );
}

/** The banner when the form's own check of the contract finds a field to fix (nothing is sent). */
const NOT_VALID = 'Some fields are not valid: see the messages beside them.';

type ListName = 'revenues' | 'expenses';
const listOf = (kind: FinanceKind): ListName => (kind === 'revenue' ? 'revenues' : 'expenses');

function FinanceEditor({ view }: { view: FinanceView }) {
  const navigate = useNavigate();
  const canManage = useCan('finance.manage');
  const projectId = view.project.id;
  const [draft, setDraft] = useState<FinanceDraft>(() => toDraft(view));
  const [version, setVersion] = useState(view.version);
  const [tab, setTab] = useState<string | null>('summary');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [savedTick, setSavedTick] = useState(false);
  const [pulling, setPulling] = useState<FinanceKind | null>(null);
  const [focusKey, setFocusKey] = useState<{ kind: FinanceKind; key: string } | null>(null);
  const save = useSaveFinance(projectId);
  const tickTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  useEffect(() => () => clearTimeout(tickTimer.current), []);
  useEffect(() => {
    if (focusKey) document.getElementById(codeInputId(focusKey.kind, focusKey.key))?.focus();
  }, [focusKey]);

  // Leaving with unsaved changes asks first; a save puts the saved finance in `view` and the draft.
  const savedBody = useMemo(() => JSON.stringify(toSaveBody(toDraft(view), 0)), [view]);
  useUnsavedChangesGuard(canManage && JSON.stringify(toSaveBody(draft, 0)) !== savedBody);

  const totals = useMemo(() => draftTotals(draft), [draft]);
  const duplicates = useMemo(
    () => ({ revenues: duplicateLineKeys(draft.revenues), expenses: duplicateLineKeys(draft.expenses) }),
    [draft.revenues, draft.expenses],
  );

  const change = useCallback(
    (list: ListName) => (key: string, field: Field, value: string) =>
      setDraft((d) => ({ ...d, [list]: d[list].map((r) => (r.key === key ? { ...r, [field]: value } : r)) })),
    [],
  );
  const changeRevenue = useMemo(() => change('revenues'), [change]);
  const changeExpense = useMemo(() => change('expenses'), [change]);

  const add = (kind: FinanceKind) => {
    const row = toRow(newFinanceLine());
    setDraft((d) => ({ ...d, [listOf(kind)]: [...d[listOf(kind)], row] }));
    setFocusKey({ kind, key: row.key });
  };

  const removeNow = (list: ListName, key: string) =>
    setDraft((d) => ({ ...d, [list]: d[list].filter((r) => r.key !== key) }));
  const remove = (kind: FinanceKind) => (row: Row, index: number) => {
    const list = listOf(kind);
    if (row.id === null) return removeNow(list, row.key);
    confirmAction({
      title: FINANCE_TEXT.removeTitle,
      message: `${kind === 'revenue' ? 'Revenue' : 'Expense'} line ${index + 1}${row.code ? ` (${row.code})` : ''}: ${FINANCE_TEXT.removeMessage}`,
      confirmLabel: FINANCE_TEXT.removeLine,
      onConfirm: () => removeNow(list, row.key),
    });
  };

  const pull = async (kind: FinanceKind) => {
    setPulling(kind);
    try {
      const pulled = await pullFinance(projectId, kind === 'revenue' ? 'quote' : 'agreements');
      const list = listOf(kind);
      const current = draftRef.current;
      const merged = mergePulledLines(current[list], pulled.lines);
      // Rows already there keep their place and key; pulled ones are added after them.
      const rows = merged.lines.map((l, i) => ({ ...l, key: current[list][i]?.key ?? toRow(l).key }));
      setDraft({ ...current, [list]: rows });
      notifySuccess(FINANCE_TEXT.pulled(merged.changed), `Quote ${pulled.quote.code}`);
    } catch (error) {
      notifyError(error, kind === 'revenue' ? FINANCE_TEXT.pullQuote : FINANCE_TEXT.pullAgreements);
    } finally {
      setPulling(null);
    }
  };

  /** Field messages beside their cells, the banner above, and the first tab with one shown. */
  const showErrors = (fields: FieldErrors, message: string) => {
    setErrors(fields);
    setBanner(message);
    const first = Object.keys(fields)[0];
    if (first?.startsWith('revenues')) setTab('revenue');
    else if (first?.startsWith('expenses')) setTab('expenses');
    else if (first === 'comments') setTab('summary');
  };

  const submit = () => {
    setErrors({});
    setBanner(null);
    setSavedTick(false);
    clearTimeout(tickTimer.current);
    const body = toSaveBody(draft, version);
    // The API's own contract first: an amount that is not one ('5e', '-') is never sent as $0.
    const checked = FinanceSaveInput.safeParse(body);
    if (!checked.success) {
      const fields: FieldErrors = {};
      for (const issue of checked.error.issues) (fields[issue.path.map(String).join('.')] ??= []).push(issue.message);
      return showErrors(fields, NOT_VALID);
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        setDraft(toDraft(saved));
        setVersion(saved.version);
        setSavedTick(true);
        tickTimer.current = setTimeout(() => setSavedTick(false), FINANCE_SAVED_MS);
      },
      onError: (error) =>
        showErrors(
          isApiError(error) ? error.errors : {},
          isApiError(error) ? error.message : 'The finance was not saved. Please try again.',
        ),
    });
  };

  const readOnly = !canManage;
  const summary = financeSummary(totals);

  return (
    <>
      <PageHeader
        title={FINANCE_TEXT.title}
        description={`${view.project.code} · ${view.project.name}`}
        actions={
          <>
            <Group gap={6} role="status" aria-live="polite" mih={28}>
              {save.isPending ? <Text size="sm">{FINANCE_TEXT.saving}</Text> : null}
              {savedTick ? (
                <ThemeIcon color="green" radius="xl" size="md" data-testid="saved-tick">
                  <IconCheck size={18} aria-label={FINANCE_TEXT.saved} />
                </ThemeIcon>
              ) : null}
            </Group>
            <Button variant="default" onClick={() => void navigate(`/projects/${projectId}/show`)}>
              {FINANCE_TEXT.cancel}
            </Button>
            {canManage ? (
              <Button onClick={submit} disabled={save.isPending}>
                {FINANCE_TEXT.save}
              </Button>
            ) : null}
          </>
        }
      />
      <Paper withBorder radius="lg" p="md">
        {banner ? (
          <div style={{ marginBottom: 12 }}>
            <FormAlert title="The finance was not saved" message={banner} />
          </div>
        ) : null}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="summary">{FINANCE_TEXT.tabs.summary}</Tabs.Tab>
            <Tabs.Tab value="revenue">{FINANCE_TEXT.tabs.revenue}</Tabs.Tab>
            <Tabs.Tab value="expenses">{FINANCE_TEXT.tabs.expenses}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="summary">
            <SummaryTable summary={summary} />
            <Textarea
              mt="md"
              label={FINANCE_TEXT.comments}
              description={`At most ${FINANCE_LIMITS.comments} characters (${draft.comments.length} used).`}
              value={draft.comments}
              onChange={(e) => {
                const comments = e.currentTarget.value;
                setDraft((d) => ({ ...d, comments }));
              }}
              maxLength={FINANCE_LIMITS.comments}
              error={errors.comments?.[0]}
              readOnly={readOnly}
              rows={3}
            />
          </Tabs.Panel>
          <Tabs.Panel value="revenue">
            <FinanceLinesTable
              kind="revenue"
              rows={draft.revenues}
              duplicates={duplicates.revenues}
              errors={errors}
              totals={{ estimate: totals.total_revenue, actual: totals.total_revenue_actual }}
              readOnly={readOnly}
              pulling={pulling === 'revenue'}
              onChange={changeRevenue}
              onRemove={remove('revenue')}
              onAdd={() => add('revenue')}
              onPull={() => void pull('revenue')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="expenses">
            <FinanceLinesTable
              kind="expense"
              rows={draft.expenses}
              duplicates={duplicates.expenses}
              errors={errors}
              totals={{ estimate: totals.total_expense, actual: totals.total_expense_actual }}
              readOnly={readOnly}
              pulling={pulling === 'expense'}
              onChange={changeExpense}
              onRemove={remove('expense')}
              onAdd={() => add('expense')}
              onPull={() => void pull('expense')}
            />
          </Tabs.Panel>
        </Tabs>
        {view.updated_at || version !== view.version ? (
          <Text size="xs" c="dimmed" mt="md">
            Version {version}
            {view.updated_by_name ? ` · last saved by ${view.updated_by_name}` : ''}
          </Text>
        ) : null}
      </Paper>
    </>
  );
}

/** The Summary tab: estimated and actual side by side. */
function SummaryTable({ summary }: { summary: ReturnType<typeof financeSummary> }) {
  const rows: [string, (f: (typeof summary)['estimated']) => string][] = [
    ['Revenue', (f) => formatFinanceMoney(f.revenue)],
    ['Expenses', (f) => formatFinanceMoney(f.expenses)],
    ['Gross Profit', (f) => formatFinanceMoney(f.gross_profit)],
    ['Margin', (f) => formatPercent(f.margin)],
  ];
  return (
    <Table aria-label="Finance summary" maw={560} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Figure</Table.Th>
          <Table.Th scope="col" ta="right">
            Estimated
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Actual
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, show]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td ta="right" data-testid={`summary-${label.toLowerCase().replace(' ', '-')}-estimated`}>
              {show(summary.estimated)}
            </Table.Td>
            <Table.Td ta="right" data-testid={`summary-${label.toLowerCase().replace(' ', '-')}-actual`}>
              {show(summary.actual)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
