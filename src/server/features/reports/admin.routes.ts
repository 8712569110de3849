// /api/admin/reports: the sales reports and their CSV and the bookkeeper's order and line exports
// (the owner's and staff's, as the dashboard is), and the month's VAT figures (the owner's, as the
// tax invoices are).
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { allow } from '../../back-office/admin-access';
import { valid } from '../../infra/http/validate';
import { orderLinesCsv, ordersCsv } from './bookkeeping-export';
import { csvFile, csvStream } from './csv-response';
import { reportCsv, vatReturnCsv } from './report-csv';
import { loadReport } from './reports.service';
import { monthQuery, reportParam, reportQuery } from './reports.schemas';
import { vatReturn } from './vat-return.service';

export function adminReportsRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/orders.csv', allow('staff'), valid('query', reportQuery), async (c) => {
      const { range } = c.req.valid('query');
      return csvStream(c, `orders-${range.from}-to-${range.to}.csv`, ordersCsv(ctx.db, range));
    })
    .get('/order-lines.csv', allow('staff'), valid('query', reportQuery), async (c) => {
      const { range } = c.req.valid('query');
      return csvStream(c, `order-lines-${range.from}-to-${range.to}.csv`, orderLinesCsv(ctx.db, range));
    })
    .get('/vat', valid('query', monthQuery), async (c) => c.json(await vatReturn(ctx.db, c.req.valid('query').month)))
    .get('/vat.csv', valid('query', monthQuery), async (c) => {
      const { month } = c.req.valid('query');
      return csvFile(c, `vat-${month}.csv`, vatReturnCsv(await vatReturn(ctx.db, month)));
    })
    .get('/:kind', allow('staff'), valid('param', reportParam), valid('query', reportQuery), async (c) => {
      const { range, by } = c.req.valid('query');
      return c.json(await loadReport(ctx.db, c.req.valid('param').kind, range, by));
    })
    .get('/:kind/csv', allow('staff'), valid('param', reportParam), valid('query', reportQuery), async (c) => {
      const { kind } = c.req.valid('param');
      const { range, by } = c.req.valid('query');
      return csvFile(c, `${kind}-${range.from}-to-${range.to}.csv`, reportCsv(await loadReport(ctx.db, kind, range, by)));
    });
}
