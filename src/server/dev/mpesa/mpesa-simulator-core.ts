// The M-Pesa Express simulator's state: the prompts it sent to 'phones', what each customer did, the
// callbacks it owes, the reversals asked of the receipts it issued (and their results), and the
// switches for what the real service does on a bad day (a callback lost, sent twice or late; the
// query still 'being processed'; a reversal failing or its result lost). Time is the shop's clock
// (`now`), so tests move the clock instead of waiting; `tick()` sends what has fallen due.
import { randomBytes } from 'node:crypto';
import { darajaTimestamp } from '@/domain/mpesa-express';

export interface SimShortcode {
  shortcode: string;
  passkey: string;
  type: 'till' | 'paybill';
  /** The till number (till) or the paybill itself. */
  partyB: string;
}

export interface MpesaSimulatorSwitches {
  /** What happens to each result's callback. */
  callback: 'send' | 'lost' | 'duplicate' | 'late';
  /** How long a 'late' callback waits after the customer acts. */
  lateMs: number;
  /** A prompt nobody answers ends with `timeoutCode` after this long. */
  promptTimeoutMs: number;
  timeoutCode: '1037' | '1019';
  /** The query answers 'being processed' even after the result (M-Pesa slow to settle). */
  queryStaysPending: boolean;
  /** A new token ends every earlier one (the portal says so; unconfirmed). */
  tokenInvalidatesPrevious: boolean;
  /** Every prompt is answered at once with this code (browser tests that are not about the prompt); null: the customer acts. */
  autoAnswer: string | null;
  /** Every reversal ends with this result code ('2001', 'R000002', …); null: as the ledger says. */
  reversalResult: string | null;
  /** Whether a reversal's result is posted to its ResultURL, or lost. */
  reversalCallback: 'send' | 'lost';
}

export const DEFAULT_SWITCHES: MpesaSimulatorSwitches = {
  callback: 'send',
  lateMs: 5 * 60_000,
  promptTimeoutMs: 60_000,
  timeoutCode: '1037',
  queryStaysPending: false,
  tokenInvalidatesPrevious: false,
  autoAnswer: null,
  reversalResult: null,
  reversalCallback: 'send',
};

/** Numbers whose prompt ends the same way every time, for tests that want one outcome. */
const MAGIC_PHONES: Readonly<Record<string, { code: string; callback?: MpesaSimulatorSwitches['callback'] }>> = {
  '254708000001': { code: '1032' },
  '254708000002': { code: '1037' },
  '254708000003': { code: '1' },
  '254708000004': { code: '2001' },
  '254708000005': { code: '0', callback: 'lost' },
  '254708000006': { code: '0', callback: 'duplicate' },
};

const RESULT_TEXT: Readonly<Record<string, string>> = {
  '0': 'The service request is processed successfully.',
  '1': 'The balance is insufficient for the transaction.',
  '1019': 'Transaction has expired.',
  '1032': 'Request cancelled by user',
  '1037': 'DS timeout user cannot be reached',
  '2001': 'The initiator information is invalid.',
};

/** Reversal result codes and their words (the portal's list; the amount's is the simulator's own choice). */
const REVERSAL_TEXT: Readonly<Record<string, string>> = {
  '0': 'The service request is processed successfully.',
  R000001: 'The transaction has already been reversed.',
  R000002: 'The OriginalTransactionID is invalid.',
  '21': 'The initiator is not allowed to initiate this request.',
  '2001': 'The initiator information is invalid.',
  '2028': 'The request is not permitted according to product assignment.',
};
const AMOUNT_MISMATCH = { code: 'R000002', desc: 'The amount to reverse is not the amount of the original transaction.' } as const;

/** An API operator the simulator knows: its name and the encrypted password it expects. */
export interface SimInitiator {
  name: string;
  credential: string;
}

export interface SimReversal {
  originatorConversationId: string;
  conversationId: string;
  /** The receipt asked to be reversed (TransactionID). */
  receipt: string;
  amount: number;
  initiator: string;
  resultUrl: string;
  occasion: string;
  requestedAt: Date;
  result: { code: string; desc: string; transactionId: string };
  dueCallbacks: Date[];
  callbacksSent: number;
}

export interface SimPrompt {
  merchantRequestId: string;
  checkoutRequestId: string;
  shortcode: string;
  phone: string;
  amount: number;
  accountReference: string;
  callbackUrl: string;
  sentAt: Date;
  /** Null while the phone shows the prompt. */
  result: { code: string; desc: string; receipt: string | null; at: Date } | null;
  /** Callbacks still owed, each with when it goes. */
  dueCallbacks: Date[];
  callbacksSent: number;
}

export interface MpesaSimulatorCore {
  shortcodes: Map<string, SimShortcode>;
  switches: MpesaSimulatorSwitches;
  prompts: Map<string, SimPrompt>;
  /** Reversals by ConversationID. */
  reversals: Map<string, SimReversal>;
  now(): Date;
  /** A new prompt for an accepted push; answered at once when a switch or a magic number says so. */
  open(p: Omit<SimPrompt, 'merchantRequestId' | 'checkoutRequestId' | 'sentAt' | 'result' | 'dueCallbacks' | 'callbacksSent'>): SimPrompt;
  /** The customer's answer (or the network's): records the result and schedules its callbacks. */
  resolve(checkoutRequestId: string, code: string): SimPrompt | null;
  /** The open prompt of this phone sent within the last minute, if any (Daraja refuses a second). */
  busyPrompt(phone: string): SimPrompt | null;
  /**
   * A reversal request Daraja accepted: its result is decided now from the ledger (a receipt issued
   * here, paid to this shortcode, for this amount, not reversed yet, by a known operator) and posted
   * on the next tick.
   */
  reverse(input: {
    initiator: string;
    credential: string;
    receipt: string;
    amount: number;
    receiverParty: string;
    resultUrl: string;
    occasion: string;
  }): SimReversal;
  /** Ends unanswered prompts that timed out and sends the callbacks and results that are due. */
  tick(): Promise<void>;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A receipt like M-Pesa's: year letter (L = 2017), month letter, day (1–9, A = 10 …), then seven characters. */
function receiptFor(at: Date, taken: Set<string>): string {
  const nairobi = darajaTimestamp(at);
  const year = Number(nairobi.slice(0, 4));
  const month = Number(nairobi.slice(4, 6));
  const day = Number(nairobi.slice(6, 8));
  const head =
    String.fromCharCode(76 + Math.max(0, Math.min(14, year - 2017))) +
    String.fromCharCode(64 + month) +
    (day < 10 ? String(day) : String.fromCharCode(55 + day));
  for (;;) {
    const tail = [...randomBytes(7)].map((b) => ALNUM[b % ALNUM.length]).join('');
    if (!taken.has(head + tail)) return head + tail;
  }
}

/** The callback Daraja posts for an answered prompt (tests send it themselves to play a late or repeated one). */
export function callbackBody(p: SimPrompt) {
  const r = p.result!;
  const stkCallback: Record<string, unknown> = {
    MerchantRequestID: p.merchantRequestId,
    CheckoutRequestID: p.checkoutRequestId,
    ResultCode: /^\d+$/.test(r.code) ? Number(r.code) : r.code,
    ResultDesc: r.desc,
  };
  if (r.code === '0') {
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: p.amount },
        { Name: 'MpesaReceiptNumber', Value: r.receipt },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: Number(darajaTimestamp(r.at)) },
        { Name: 'PhoneNumber', Value: Number(p.phone) },
      ],
    };
  }
  return { Body: { stkCallback } };
}

/** The Result Daraja posts for a reversal (tests send it themselves to play a repeated or forged one). */
export function reversalResultBody(r: SimReversal) {
  const result: Record<string, unknown> = {
    ResultType: 0,
    ResultCode: /^\d+$/.test(r.result.code) ? Number(r.result.code) : r.result.code,
    ResultDesc: r.result.desc,
    OriginatorConversationID: r.originatorConversationId,
    ConversationID: r.conversationId,
    TransactionID: r.result.transactionId,
  };
  if (r.result.code === '0') {
    result.ResultParameters = {
      ResultParameter: [
        { Key: 'Amount', Value: r.amount },
        { Key: 'OriginalTransactionID', Value: r.receipt },
        { Key: 'TransCompletedTime', Value: Number(darajaTimestamp(r.requestedAt)) },
        { Key: 'Charge', Value: 0 },
      ],
    };
  }
  // One item: an object, not an array (a quirk readers must take).
  result.ReferenceData = { ReferenceItem: { Key: 'Occasion', Value: r.occasion } };
  return { Result: result };
}

export function createMpesaSimulatorCore(opts: {
  shortcodes: SimShortcode[];
  /** The API operators reversals may name; none: any name with a credential. */
  initiators?: SimInitiator[];
  now?: () => Date;
  fetch?: typeof fetch;
  log?: (message: string) => void;
}): MpesaSimulatorCore {
  const now = opts.now ?? (() => new Date());
  const doFetch = opts.fetch ?? globalThis.fetch;
  const prompts = new Map<string, SimPrompt>();
  const reversals = new Map<string, SimReversal>();
  const receipts = new Set<string>();
  const switches: MpesaSimulatorSwitches = { ...DEFAULT_SWITCHES };
  let sequence = 0;

  function schedule(p: SimPrompt, mode: MpesaSimulatorSwitches['callback']) {
    const at = now().getTime();
    if (mode === 'send') p.dueCallbacks.push(new Date(at));
    if (mode === 'duplicate') p.dueCallbacks.push(new Date(at), new Date(at + 1_000), new Date(at + 2_000));
    if (mode === 'late') p.dueCallbacks.push(new Date(at + switches.lateMs));
  }

  const core: MpesaSimulatorCore = {
    shortcodes: new Map(opts.shortcodes.map((s) => [s.shortcode, s])),
    switches,
    prompts,
    reversals,
    now,
    open(input) {
      sequence += 1;
      const sentAt = now();
      const stamp = darajaTimestamp(sentAt);
      const checkoutRequestId = `ws_CO_${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}${stamp.slice(8)}${String(sequence % 1000).padStart(3, '0')}${input.phone.slice(-9)}`;
      const prompt: SimPrompt = {
        ...input,
        merchantRequestId: `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(10).toString('hex')}`,
        checkoutRequestId,
        sentAt,
        result: null,
        dueCallbacks: [],
        callbacksSent: 0,
      };
      prompts.set(checkoutRequestId, prompt);
      const magic = MAGIC_PHONES[input.phone];
      if (magic) {
        const saved = switches.callback;
        if (magic.callback) switches.callback = magic.callback;
        core.resolve(checkoutRequestId, magic.code);
        switches.callback = saved;
      } else if (switches.autoAnswer !== null) {
        core.resolve(checkoutRequestId, switches.autoAnswer);
      }
      return prompt;
    },
    resolve(checkoutRequestId, code) {
      const p = prompts.get(checkoutRequestId);
      if (!p || p.result) return null;
      const at = now();
      p.result = {
        code,
        desc: RESULT_TEXT[code] ?? 'The transaction could not be completed.',
        receipt: code === '0' ? receiptFor(at, receipts) : null,
        at,
      };
      if (p.result.receipt) receipts.add(p.result.receipt);
      schedule(p, switches.callback);
      return p;
    },
    reverse(input) {
      const at = now();
      const paid = [...prompts.values()].find((p) => p.result?.receipt === input.receipt);
      const operator = opts.initiators?.length
        ? opts.initiators.some((i) => i.name === input.initiator && i.credential === input.credential)
        : input.initiator !== '' && input.credential !== '';
      const shortcode = paid && core.shortcodes.get(paid.shortcode);
      const reversed = [...reversals.values()].some((r) => r.receipt === input.receipt && r.result.code === '0');
      const decided: { code: string; desc?: string } = switches.reversalResult
        ? { code: switches.reversalResult }
        : !operator
          ? { code: '2001' }
          : !paid || !shortcode || (input.receiverParty !== shortcode.shortcode && input.receiverParty !== shortcode.partyB)
            ? { code: 'R000002' }
            : reversed
              ? { code: 'R000001' }
              : input.amount !== paid.amount
                ? AMOUNT_MISMATCH
                : { code: '0' };
      const stamp = darajaTimestamp(at);
      const reversal: SimReversal = {
        originatorConversationId: `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(10).toString('hex')}`,
        conversationId: `AG_${stamp.slice(0, 8)}_${randomBytes(10).toString('hex')}`,
        receipt: input.receipt,
        amount: input.amount,
        initiator: input.initiator,
        resultUrl: input.resultUrl,
        occasion: input.occasion,
        requestedAt: at,
        result: {
          code: decided.code,
          desc: decided.desc ?? REVERSAL_TEXT[decided.code] ?? 'The transaction could not be completed.',
          // M-Pesa numbers the reversal itself like any transaction.
          transactionId: receiptFor(at, receipts),
        },
        dueCallbacks: switches.reversalCallback === 'send' ? [at] : [],
        callbacksSent: 0,
      };
      receipts.add(reversal.result.transactionId);
      reversals.set(reversal.conversationId, reversal);
      return reversal;
    },
    busyPrompt(phone) {
      const since = now().getTime() - 60_000;
      for (const p of prompts.values()) if (p.phone === phone && !p.result && p.sentAt.getTime() > since) return p;
      return null;
    },
    async tick() {
      const t = now().getTime();
      for (const p of prompts.values()) {
        if (!p.result && t - p.sentAt.getTime() >= switches.promptTimeoutMs) core.resolve(p.checkoutRequestId, switches.timeoutCode);
      }
      for (const p of [...prompts.values()]) {
        const due = p.dueCallbacks.filter((d) => d.getTime() <= t);
        if (due.length === 0) continue;
        p.dueCallbacks = p.dueCallbacks.filter((d) => d.getTime() > t);
        for (let i = 0; i < due.length; i++) {
          p.callbacksSent += 1;
          try {
            const res = await doFetch(p.callbackUrl, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(callbackBody(p)),
            });
            await res.body?.cancel();
          } catch (err) {
            // Daraja does not retry a callback it could not deliver: the shop must ask (the query).
            opts.log?.(`mpesa-sim: callback to ${p.callbackUrl} failed: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
      }
      for (const r of [...reversals.values()]) {
        const due = r.dueCallbacks.filter((d) => d.getTime() <= t);
        if (due.length === 0) continue;
        r.dueCallbacks = r.dueCallbacks.filter((d) => d.getTime() > t);
        for (let i = 0; i < due.length; i++) {
          r.callbacksSent += 1;
          try {
            const res = await doFetch(r.resultUrl, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(reversalResultBody(r)),
            });
            await res.body?.cancel();
          } catch (err) {
            opts.log?.(`mpesa-sim: reversal result to ${r.resultUrl} failed: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
      }
    },
  };
  return core;
}
