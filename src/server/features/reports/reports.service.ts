// Each sales report by its name in the address ('/api/admin/reports/zones'), with the range and grouping it reads.
import type { ReportGrouping, ReportRange } from '@/domain/report-range';
import type { ReportKind, ReportTable } from '@/domain/report-table';
import type { DbOrTx } from '../../db/client';
import { salesByCategory, salesByProduct } from './item-reports';
import { newAgainstReturning, salesByPaymentMethod, salesByPeriod, salesByRider, salesByZone } from './order-reports';

const REPORTS: Readonly<Record<ReportKind, (db: DbOrTx, range: ReportRange, by: ReportGrouping) => Promise<ReportTable>>> = {
  sales: salesByPeriod,
  products: salesByProduct,
  categories: salesByCategory,
  zones: salesByZone,
  riders: salesByRider,
  'payment-methods': salesByPaymentMethod,
  customers: newAgainstReturning,
};

export const loadReport = (db: DbOrTx, kind: ReportKind, range: ReportRange, by: ReportGrouping) => REPORTS[kind](db, range, by);
