import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context';
import { allow } from '../../back-office/admin-access';
import { lateTaxInvoices } from '../tax-invoices/admin-tax-invoices.service';
import { loadDashboard } from './admin-dashboard.service';

export function adminDashboardRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/', allow('staff'), async (c) => {
    const [dashboard, taxInvoices] = await Promise.all([loadDashboard(ctx.db, ctx.now()), lateTaxInvoices(ctx)]);
    // Tax invoices waiting for KRA longer than the setting allows: the queue is stuck.
    return c.json({ ...dashboard, lateTaxInvoices: taxInvoices.late, taxInvoicesLateAfterMinutes: taxInvoices.lateAfterMinutes });
  });
}
