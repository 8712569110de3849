// The simulator's test switches on a page of their own (development only, like the simulator), so a
// developer or tester using the real shop can make "Pesapal" send duplicate, late or no IPNs, and a
// browser test can do the same through the shop's own address; and make M-Pesa collect whole shillings.
import { Hono, type Context } from 'hono';
import { errorBody } from '../../infra/http/errors';
import { MPESA_SHILLINGS, type MpesaShillings, type SimulatorSwitches } from './pesapal-simulator';

const MAX_LATE_MS = 10 * 60_000;

type Parsed =
  { ok: true; value: Pick<SimulatorSwitches, 'duplicateIpn' | 'dropIpn' | 'lateIpnMs' | 'mpesaShillings'> } | { ok: false; error: string };

const SHILLINGS_LABELS: Record<MpesaShillings, string> = {
  exact: 'to the cent',
  down: 'in whole shillings, rounded down',
  nearest: 'in whole shillings, rounded to the nearest',
  up: 'in whole shillings, rounded up',
};

/** Form posts send checkboxes only when ticked; JSON sends booleans. */
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
  return { ok: true, value: { duplicateIpn: flag(input.duplicateIpn), dropIpn: flag(input.dropIpn), lateIpnMs: late, mpesaShillings } };
}

export function simulatorSwitchesRoutes(switches: SimulatorSwitches): Hono {
  const answer = (c: Context, status: 200 | 400, note: string) =>
    c.req.header('accept')?.includes('application/json')
      ? c.json(status === 200 ? { switches } : errorBody('BAD_REQUEST', note), status)
      : c.html(page(switches, note), status);

  return new Hono()
    .get('/', (c) => answer(c, 200, ''))
    .post('/', async (c) => {
      const isJson = c.req.header('content-type')?.includes('application/json');
      const input: unknown = await (isJson ? c.req.json() : c.req.parseBody()).catch(() => null);
      if (typeof input !== 'object' || input === null) return answer(c, 400, 'Send the switches as a form or as JSON.');
      const parsed = parseSwitches(input as Record<string, unknown>);
      if (!parsed.ok) return answer(c, 400, parsed.error);
      Object.assign(switches, parsed.value);
      return answer(c, 200, 'Saved.');
    });
}

function page(s: SimulatorSwitches, note: string): string {
  const checked = (on: boolean) => (on ? ' checked' : '');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pesapal simulator switches</title></head>
<body>
<main>
<h1>Pesapal simulator switches</h1>
<p>How the built-in simulator notifies the shop after a payment. Development only.</p>
${note ? `<p role="status">${note.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</p>` : ''}
<form method="post">
<p><label><input type="checkbox" name="duplicateIpn"${checked(s.duplicateIpn)}> Send every IPN twice</label></p>
<p><label><input type="checkbox" name="dropIpn"${checked(s.dropIpn)}> Send no IPN (the shop must find the payment itself)</label></p>
<p><label>Send the IPN this many ms after the browser returns <input type="number" name="lateIpnMs" min="0" max="${MAX_LATE_MS}" step="1" value="${s.lateIpnMs}"></label></p>
<p><label>M-Pesa collects and reports a total with cents <select name="mpesaShillings">${MPESA_SHILLINGS.map(
    (v) => `<option value="${v}"${v === s.mpesaShillings ? ' selected' : ''}>${SHILLINGS_LABELS[v]}</option>`,
  ).join('')}</select></label></p>
<p><button type="submit">Save</button></p>
</form>
</main>
</body>
</html>`;
}
