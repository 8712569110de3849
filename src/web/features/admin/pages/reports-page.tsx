// /admin/reports: one sales report at a time for a range of Nairobi days (the last 30 unless the
// address says otherwise), as a chart and a table, each downloadable as CSV, with the bookkeeper's
// orders and order-lines files for the same range.
import { useQuery } from '@tanstack/react-query';
import { lastNairobiDays } from '@/domain/nairobi-days';
import { REPORT_GROUPINGS, REPORT_GROUPING_LABELS, parseReportRange, type ReportGrouping } from '@/domain/report-range';
import { isReportKind, REPORT_KIND_LABELS, REPORT_KINDS, type ReportKind } from '@/domain/report-table';
import { Alert } from '@/web/components/ui/alert';
import { Card, CardContent } from '@/web/components/ui/card';
import { adminApi, type ReportQuery } from '../admin-api';
import { DateRangeFilter, FilterBar, FilterSelect } from '../components/filter-bar';
import { QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { ReportChart } from '../components/report-chart';
import { ReportTableView } from '../components/report-table-view';
import { useListParams } from '../hooks/use-list-params';

const KEYS = ['report', 'from', 'to', 'by'] as const;
const DEFAULT_DAYS = 30;

const isGrouping = (value: string): value is ReportGrouping => (REPORT_GROUPINGS as readonly string[]).includes(value);

function DownloadLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} download className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline">
      {children}
    </a>
  );
}

function Report({ kind, query }: { kind: ReportKind; query: ReportQuery }) {
  const report = useQuery({ queryKey: ['admin', 'report', kind, query], queryFn: () => adminApi.report(kind, query) });
  return (
    <QueryState query={report} what="the report" rows={6}>
      {(table) => (
        <Card>
          <CardContent>
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold text-slate-900">{table.title}</h2>
              <DownloadLink href={adminApi.reportCsvUrl(kind, query)}>Download this report (CSV)</DownloadLink>
            </div>
            <ReportChart table={table} />
            <ReportTableView table={table} />
          </CardContent>
        </Card>
      )}
    </QueryState>
  );
}

export default function ReportsPage() {
  const { values, setFilters } = useListParams(KEYS);
  const days = lastNairobiDays(new Date(), DEFAULT_DAYS);
  const kind: ReportKind = isReportKind(values.report) ? values.report : 'sales';
  const query: ReportQuery = {
    from: values.from || (days[0] ?? ''),
    to: values.to || (days.at(-1) ?? ''),
    by: isGrouping(values.by) ? values.by : 'day',
  };
  const range = parseReportRange(query.from, query.to);
  return (
    <>
      <PageHeader
        title="Reports"
        description="Sales by the day each payment completed, in Nairobi time. Net sales are what was charged less what was refunded, as on the dashboard."
      />
      <FilterBar>
        <FilterSelect
          id="report-kind"
          label="Report"
          value={kind}
          options={REPORT_KINDS.map((k) => [k, REPORT_KIND_LABELS[k]] as const)}
          onChange={(report) => setFilters({ report })}
        />
        <DateRangeFilter idPrefix="report" from={query.from} to={query.to} onChange={(r) => setFilters(r)} />
        {kind === 'sales' && (
          <FilterSelect
            id="report-by"
            label="Group by"
            value={query.by}
            options={REPORT_GROUPINGS.map((g) => [g, REPORT_GROUPING_LABELS[g]] as const)}
            onChange={(by) => setFilters({ by })}
          />
        )}
      </FilterBar>
      {'error' in range ? (
        <Alert tone="error" title="These dates cannot make a report">
          {range.error}
        </Alert>
      ) : (
        <div className="space-y-4">
          <section aria-labelledby="bookkeeping-heading" className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <h2 id="bookkeeping-heading" className="text-sm font-semibold text-slate-900">
              For the bookkeeper:
            </h2>
            <DownloadLink href={adminApi.reportCsvUrl('orders', query)}>Orders (CSV)</DownloadLink>
            <DownloadLink href={adminApi.reportCsvUrl('order-lines', query)}>Order lines (CSV)</DownloadLink>
          </section>
          <Report kind={kind} query={query} />
        </div>
      )}
    </>
  );
}
