// The simulator's test switches on a page of their own (development only, like the simulator), so a
// developer or tester using the real shop can make "Pesapal" send duplicate, late or no IPNs, make
// M-Pesa collect whole shillings, approve refunds by itself after a delay, and approve or reject each
// refund waiting for the merchant's decision (as in Pesapal's dashboard); a browser test can do the
// same through the shop's own address.
import { Hono, type Context } from 'hono';
import { errorBody } from '../../infra/http/errors';
import { MPESA_SHILLINGS, type MpesaShillings, type PesapalSimulator, type SimulatorSwitches } from './pesapal-simulator';
import { formatMoney } from './pesapal-simulator-format';

const MAX_LATE_MS = 10 * 60_000;
const MAX_REFUND_DELAY_S = 24 * 60 * 60;
const ERROR_CODES = { 400: 'BAD_REQUEST', 404: 'NOT_FOUND', 409: 'CONFLICT' } as const;

type Saved = Pick<SimulatorSwitches, 'duplicateIpn' | 'dropIpn' | 'lateIpnMs' | 'mpesaShillings'> &
  Partial<Pick<SimulatorSwitches, 'refundApproveAfterSeconds'>>;
type Parsed = { ok: true; value: Saved } | { ok: false; error: string };

const SHILLINGS_LABELS: Record<MpesaShillings, string> = {
  exact: 'to the cent',
  down: 'in whole shillings, rounded down',
  nearest: 'in whole shillings, rounded to the nearest',
  up: 'in whole shillings, rounded up',
};

/** The simulator as the page uses it. */
type SwitchedSimulator = Pick<PesapalSimulator, 'switches' | 'waitingRefunds' | 'decideRefund'>;

/**
 * Form posts send checkboxes only when ticked; JSON sends booleans. The refund delay is left as it
 * is when a post does not name it (a test that only drops IPNs keeps it), and is off when empty.
 */
function parseSwitches(input: Record<string, unknown>): Parsed {
  const flag = (v: unknown) => v === true || v === 'on' || v === 'true';
  const late = input.lateIpnMs === undefined || input.lateIpnMs === '' ? 0 : Number(input.lateIpnMs);
  if (!Number.isInteger(late) || late < 0 || late > MAX_LATE_MS) {
    return { ok: false, error: `Late IPN delay must be a whole number of milliseconds from 0 to ${MAX_LATE_MS}.` };
  }
  const shillings = input.mpesaShillings ?? 'exact';
  if (!(MPESA_SHILLINGS as readonly unknown[]).includes(shillings)) {
    return { ok: false, error: `M-Pesa amounts must be one of: ${MPESA_SHILLINGS.join(', ')}.` };
  }
  const mpesaShillings = shillings as MpesaShillings;
  const value: Saved = { duplicateIpn: flag(input.duplicateIpn), dropIpn: flag(input.dropIpn), lateIpnMs: late, mpesaShillings };
  const after = input.refundApproveAfterSeconds;
  if (after === null || after === '') value.refundApproveAfterSeconds = null;
  else if (after !== undefined) {
    const seconds = Number(after);
    if (typeof after === 'boolean' || !Number.isInteger(seconds) || seconds < 0 || seconds > MAX_REFUND_DELAY_S) {
      return {
        ok: false,
        error: `Approve refunds after must be a whole number of seconds from 0 to ${MAX_REFUND_DELAY_S}, or empty to wait for Approve or Reject.`,
      };
    }
    value.refundApproveAfterSeconds = seconds;
  }
  return { ok: true, value };
}

/** `path`: where the routes are mounted, for the page's forms (a decision answers at its own address). */
export function simulatorSwitchesRoutes(sim: SwitchedSimulator, path: string): Hono {
  const wantsJson = (c: Context) => c.req.header('accept')?.includes('application/json') === true;
  const refunds = () =>
    sim.waitingRefunds().map(({ order, refund }) => ({
      trackingId: order.trackingId,
      merchantReference: order.merchantReference,
      currency: order.currency,
      amountCents: refund.amountCents,
      remarks: refund.remarks,
      requestedAt: new Date(refund.at).toISOString(),
      approveAt: refund.approveAt === null ? null : new Date(refund.approveAt).toISOString(),
    }));
  const answer = (c: Context, status: 200 | 400 | 404 | 409, note: string) =>
    wantsJson(c)
      ? c.json(status === 200 ? { switches: sim.switches, refunds: refunds() } : errorBody(ERROR_CODES[status], note), status)
      : c.html(page(sim, path, note), status);

  return new Hono()
    .get('/', (c) => answer(c, 200, ''))
    .post('/', async (c) => {
      const isJson = c.req.header('content-type')?.includes('application/json');
      const input: unknown = await (isJson ? c.req.json() : c.req.parseBody()).catch(() => null);
      if (typeof input !== 'object' || input === null) return answer(c, 400, 'Send the switches as a form or as JSON.');
      const parsed = parseSwitches(input as Record<string, unknown>);
      if (!parsed.ok) return answer(c, 400, parsed.error);
      Object.assign(sim.switches, parsed.value);
      return answer(c, 200, 'Saved.');
    })
    .post('/refunds/:trackingId/:decision', async (c) => {
      const decision = c.req.param('decision');
      if (decision !== 'approve' && decision !== 'reject') return answer(c, 404, 'Refunds are approved or rejected.');
      const result = await sim.decideRefund(c.req.param('trackingId'), decision);
      if (!result.ok) return answer(c, result.httpStatus, result.message);
      return answer(
        c,
        200,
        decision === 'approve' ? 'Refund approved: the payment is reversed.' : 'Refund rejected: the payment stays completed.',
      );
    });
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(sim: SwitchedSimulator, path: string, note: string): string {
  const s = sim.switches;
  const checked = (on: boolean) => (on ? ' checked' : '');
  const waiting = sim.waitingRefunds();
  const rows = waiting
    .map(
      ({ order, refund }) => `<tr>
<td>${escape(order.merchantReference)}</td>
<td>${escape(order.currency)} ${formatMoney(refund.amountCents)}</td>
<td>${escape(refund.remarks)}</td>
<td>${new Date(refund.at).toISOString()}</td>
<td><form method="post" action="${path}/refunds/${encodeURIComponent(order.trackingId)}/approve"><button type="submit">Approve</button></form>
<form method="post" action="${path}/refunds/${encodeURIComponent(order.trackingId)}/reject"><button type="submit">Reject</button></form></td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pesapal simulator switches</title></head>
<body>
<main>
<h1>Pesapal simulator switches</h1>
<p>How the built-in simulator notifies the shop after a payment, and what becomes of the refunds it accepts. Development only.</p>
${note ? `<p role="status">${escape(note)}</p>` : ''}
<form method="post" action="${path}">
<p><label><input type="checkbox" name="duplicateIpn"${checked(s.duplicateIpn)}> Send every IPN twice</label></p>
<p><label><input type="checkbox" name="dropIpn"${checked(s.dropIpn)}> Send no IPN (the shop must find the payment itself)</label></p>
<p><label>Send the IPN this many ms after the browser returns <input type="number" name="lateIpnMs" min="0" max="${MAX_LATE_MS}" step="1" value="${s.lateIpnMs}"></label></p>
<p><label>M-Pesa collects and reports a total with cents <select name="mpesaShillings">${MPESA_SHILLINGS.map(
    (v) => `<option value="${v}"${v === s.mpesaShillings ? ' selected' : ''}>${SHILLINGS_LABELS[v]}</option>`,
  ).join('')}</select></label></p>
<p><label>Approve refunds after this many seconds (empty: wait for Approve or Reject below) <input type="number" name="refundApproveAfterSeconds" min="0" max="${MAX_REFUND_DELAY_S}" step="1" value="${s.refundApproveAfterSeconds ?? ''}"></label></p>
<p><button type="submit">Save</button></p>
</form>
<h2>Refunds waiting for the merchant</h2>
<p>Pesapal accepts a refund request and waits for the merchant to approve it in its dashboard. Approved, the payment is reversed; rejected, it stays completed. Either way the shop is notified.</p>
${
  waiting.length === 0
    ? '<p>No refund is waiting.</p>'
    : `<table>
<caption>Refunds waiting for a decision</caption>
<thead><tr><th scope="col">Merchant reference</th><th scope="col">Amount</th><th scope="col">Remarks</th><th scope="col">Requested (UTC)</th><th scope="col">Decision</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
</main>
</body>
</html>`;
}
