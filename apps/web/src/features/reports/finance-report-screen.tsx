import { Suspense, useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Table,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  ALL_MANAGERS,
  FINANCE_REPORT_TEXT as T,
  FinanceReportInput,
  formatPercent,
  formatQuoteMoney,
  reduceManagerSelection,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  reportDate,
  reportStatusOptions,
  type FinanceReportFigures,
  type FinanceReportRequest,
  type FinanceReportView,
  type ReportPeriod,
} from '@siteflow/core';
import { ApiError, type FieldErrors } from '../../api/client';
import { PageHeader } from '../../ui/page-header';
import { downloadFinanceReport, useFinanceReportOptions, useGenerateFinanceReport } from './api';
import { chunk, lazyPart } from '../../ui/lazy-part';

/** The chart (recharts through @mantine/charts) is its own chunk, fetched once a report is shown. */
const FinanceReportChart = lazyPart(
  chunk(() => import('./finance-report-chart')),
  (m) => m.default,
);

type Form = {
  period: ReportPeriod;
  start: string | null;
  end: string | null;
  statuses: string[];
  managers: string[];
};
/** The form's first state, and what Reset brings back. */
export const EMPTY_FORM: Form = {
  period: 'current_month',
  start: null,
  end: null,
  statuses: [],
  managers: [ALL_MANAGERS],
};

const PERIOD_DATA = REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p] }));
const STATUS_DATA = reportStatusOptions();
const DATE_FORMAT = 'DD/MM/YYYY';

const requestOf = (f: Form): FinanceReportRequest => ({
  period: f.period,
  custom_start_date: f.period === 'custom' ? f.start : null,
  custom_end_date: f.period === 'custom' ? f.end : null,
  statuses: f.statuses,
  project_managers: f.managers,
});

/** The contract's messages per field, as the server would answer them (422). */
function clientErrors(body: FinanceReportRequest): FieldErrors {
  const parsed = FinanceReportInput.safeParse(body);
  if (parsed.success) return {};
  const out: FieldErrors = {};
  for (const issue of parsed.error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

const money = (v: string) => formatQuoteMoney(v);
const percent = (v: string) => formatPercent(v);

function FigureCells({ f }: { f: FinanceReportFigures }) {
  return (
    <>
      <Table.Td ta="right">{f.projects}</Table.Td>
      <Table.Td ta="right">{money(f.total_revenues)}</Table.Td>
      <Table.Td ta="right">{money(f.total_expenses)}</Table.Td>
      <Table.Td ta="right">{money(f.gross_profit)}</Table.Td>
      <Table.Td ta="right">{percent(f.gross_profit_margin)}</Table.Td>
      <Table.Td ta="right">{money(f.total_revenues_actuals)}</Table.Td>
      <Table.Td ta="right">{money(f.total_expenses_actuals)}</Table.Td>
      <Table.Td ta="right">{money(f.gross_profit_actuals)}</Table.Td>
      <Table.Td ta="right">{percent(f.gross_profit_margin_actuals)}</Table.Td>
    </>
  );
}

/**
 * The rows as a table: per manager, estimated then actual figures, and the totals row. The period
 * shows once, above it (`periodId`), and describes the table for a screen reader.
 */
function ReportTable({ report, periodId }: { report: FinanceReportView; periodId: string }) {
  const figureHeads = [T.columns.revenue, T.columns.expenses, T.columns.grossProfit, T.columns.margin];
  return (
    // A keyboard user can scroll the wide table: the region is focusable and named (axe scrollable-region-focusable).
    <Box tabIndex={0} role="region" aria-label={T.table} style={{ overflowX: 'auto' }}>
      <Table miw={900} striped withTableBorder withColumnBorders aria-label={T.table} aria-describedby={periodId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th rowSpan={2} scope="col">
              {T.columns.manager}
            </Table.Th>
            <Table.Th rowSpan={2} scope="col" ta="right">
              {T.columns.projects}
            </Table.Th>
            <Table.Th colSpan={4} scope="colgroup" ta="center">
              {T.estimated}
            </Table.Th>
            <Table.Th colSpan={4} scope="colgroup" ta="center">
              {T.actual}
            </Table.Th>
          </Table.Tr>
          <Table.Tr>
            {[T.estimated, T.actual].flatMap((kind) =>
              figureHeads.map((h) => (
                <Table.Th key={`${kind}-${h}`} scope="col" ta="right">
                  {h}
                </Table.Th>
              )),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((r) => (
            <Table.Tr key={r.project_manager.id}>
              <Table.Th scope="row" fw={400}>
                {`${r.project_manager.first_name} ${r.project_manager.last_name}`.trim()}
              </Table.Th>
              <FigureCells f={r} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{T.totals}</Table.Th>
            <FigureCells f={report.totals} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Box>
  );
}

/**
 * The finance report (/reports/finance; spec 3 sections 2.7, 4, 5): Time Period (custom dates
 * only for Custom), Project Status and Project Manager; Generate and Reset. Idle, then
 * 'Loading...' while generating, then the table (and a chart of it) or 'No results found'. A
 * failed call is only logged (spec 3 section 8); a 422 shows its messages by the fields.
 */
export function FinanceReportScreen() {
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const periodId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shown, setShown] = useState<{ report: FinanceReportView; request: FinanceReportRequest } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const options = useFinanceReportOptions();
  const generate = useGenerateFinanceReport();

  const managerData = [
    { value: ALL_MANAGERS, label: T.all },
    ...(options.data?.project_managers ?? []).map((m) => ({ value: m.id, label: m.full_name })),
  ];
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      if ('period' in patch || 'start' in patch) delete next.custom_start_date;
      if ('period' in patch || 'end' in patch) delete next.custom_end_date;
      return next;
    });
  };
  const error = (field: string) => errors[field]?.[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(form);
    const found = clientErrors(request);
    setErrors(found);
    if (Object.keys(found).length) return;
    setShown(null);
    generate.mutate(request, {
      onSuccess: (report) => setShown({ report, request }),
      onError: (e) => {
        if (e instanceof ApiError && e.status === 422) setErrors(e.errors);
        else console.error('Finance report failed', e);
      },
    });
  };
  const reset = () => {
    setForm(EMPTY_FORM);
    setErrors({});
    setShown(null);
    generate.reset();
  };
  const download = async () => {
    if (!shown) return;
    setDownloading(true);
    try {
      await downloadFinanceReport(shown.request);
    } catch (e) {
      console.error('Finance report download failed', e);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageHeader title={T.title} />
      <Paper withBorder p="md" mb="lg" component="form" onSubmit={submit} noValidate aria-label={T.title}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Select
            label={T.period}
            data={PERIOD_DATA}
            value={form.period}
            allowDeselect={false}
            onChange={(v) => v && set({ period: v as ReportPeriod })}
            error={error('period')}
          />
          <MultiSelect
            label={T.status}
            data={STATUS_DATA}
            value={form.statuses}
            placeholder={form.statuses.length ? undefined : T.allStatuses}
            onChange={(v) => set({ statuses: v })}
            clearable
            error={error('statuses')}
          />
          <MultiSelect
            label={T.manager}
            data={managerData}
            value={form.managers}
            searchable
            onChange={(v) => set({ managers: reduceManagerSelection(v) })}
            error={error('project_managers')}
          />
          {form.period === 'custom' ? (
            <>
              <DatePickerInput
                label={T.startDate}
                valueFormat={DATE_FORMAT}
                placeholder="dd/mm/yyyy"
                value={form.start}
                onChange={(v) => set({ start: v ? String(v).slice(0, 10) : null })}
                error={error('custom_start_date')}
                popoverProps={{ withinPortal: true }}
                required
              />
              <DatePickerInput
                label={T.endDate}
                valueFormat={DATE_FORMAT}
                placeholder="dd/mm/yyyy"
                value={form.end}
                onChange={(v) => set({ end: v ? String(v).slice(0, 10) : null })}
                error={error('custom_end_date')}
                popoverProps={{ withinPortal: true }}
                required
              />
            </>
          ) : null}
        </SimpleGrid>
        <Group mt="md" gap="sm">
          <Button type="submit" loading={generate.isPending}>
            {T.generate}
          </Button>
          <Button variant="default" onClick={reset}>
            {T.reset}
          </Button>
        </Group>
      </Paper>

      {generate.isPending ? (
        <Text role="status" c="dimmed">
          {T.loading}
        </Text>
      ) : shown && shown.report.rows.length === 0 ? (
        <Alert color="gray" role="status">
          {T.noResults}
        </Alert>
      ) : shown ? (
        <Paper withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Text fw={500} id={periodId}>
              {T.periodShown(reportDate(shown.report.period.start), reportDate(shown.report.period.end))}
            </Text>
            <Button variant="light" onClick={() => void download()} loading={downloading}>
              {T.download}
            </Button>
          </Group>
          <ReportTable report={shown.report} periodId={periodId} />
          <Suspense fallback={null}>
            <ReportChart report={shown.report} />
          </Suspense>
        </Paper>
      ) : null}
    </>
  );
}

/** The chart under the table, estimated or actual figures (the table stays the primary view). */
function ReportChart({ report }: { report: FinanceReportView }) {
  const [kind, setKind] = useState<'estimated' | 'actual'>('estimated');
  return (
    <>
      <Group mt="lg" mb="xs" justify="space-between">
        <Text fw={500}>{T.chart}</Text>
        <SegmentedControl
          aria-label={T.chart}
          value={kind}
          onChange={(v) => setKind(v as 'estimated' | 'actual')}
          data={[
            { value: 'estimated', label: T.estimated },
            { value: 'actual', label: T.actual },
          ]}
        />
      </Group>
      <FinanceReportChart report={report} kind={kind} />
    </>
  );
}
