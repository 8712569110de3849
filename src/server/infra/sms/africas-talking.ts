// Africa's Talking's SMS API (POST {base}/version1/messaging, form-encoded username, to, message and
// optional from; the apiKey header). Plain fetch: the gateway is one documented HTTP call.
interface SmsSendOk {
  ok: true;
  messageId: string;
  /** The gateway's word for the recipient ('Success'), and what the SMS cost ('KES 0.8000'). */
  status: string;
  cost: string | null;
}

interface SmsSendFailed {
  ok: false;
  error: string;
  /** A number the gateway will never accept (invalid, unsupported, blacklisted): trying again is useless. */
  permanent: boolean;
}

type SmsSendResult = SmsSendOk | SmsSendFailed;

export interface SmsGateway {
  readonly description: string;
  send(to: string, message: string): Promise<SmsSendResult>;
}

export interface AfricasTalkingConfig {
  username: string;
  apiKey: string;
  senderId?: string;
  /** Overrides the API host (a test double); else the sandbox or live host by username. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const LIVE_URL = 'https://api.africastalking.com';
const SANDBOX_URL = 'https://api.sandbox.africastalking.com';

export function africasTalkingBaseUrl(username: string, override?: string): string {
  return (override ?? (username === 'sandbox' ? SANDBOX_URL : LIVE_URL)).replace(/\/+$/, '');
}

/** Recipient status codes: 100 Processed, 101 Sent, 102 Queued. */
const ACCEPTED = new Set([100, 101, 102]);
/** 403 InvalidPhoneNumber, 404 UnsupportedNumberType, 406 UserInBlacklist. */
const PERMANENT = new Set([403, 404, 406]);

interface AtRecipient {
  statusCode?: number;
  status?: string;
  messageId?: string;
  cost?: string;
  number?: string;
}

export function createAfricasTalkingGateway(config: AfricasTalkingConfig): SmsGateway {
  const base = africasTalkingBaseUrl(config.username, config.baseUrl);
  const doFetch = config.fetch ?? fetch;
  return {
    description: `Africa's Talking (${config.username === 'sandbox' ? 'sandbox' : `account ${config.username}`}) at ${base}`,
    async send(to, message) {
      const form = new URLSearchParams({ username: config.username, to, message });
      if (config.senderId) form.set('from', config.senderId);
      let res: Response;
      try {
        res = await doFetch(`${base}/version1/messaging`, {
          method: 'POST',
          headers: { apiKey: config.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
        });
      } catch (err) {
        return { ok: false, permanent: false, error: `Africa's Talking unreachable: ${err instanceof Error ? err.message : String(err)}` };
      }
      const text = await res.text().catch(() => '');
      if (!res.ok) return { ok: false, permanent: false, error: `Africa's Talking answered HTTP ${res.status}: ${text.slice(0, 200)}` };
      let recipient: AtRecipient | undefined;
      try {
        const json = JSON.parse(text) as { SMSMessageData?: { Message?: string; Recipients?: AtRecipient[] } };
        recipient = json.SMSMessageData?.Recipients?.[0];
        if (!recipient)
          return {
            ok: false,
            permanent: false,
            error: `Africa's Talking sent no recipient: ${json.SMSMessageData?.Message ?? text.slice(0, 200)}`,
          };
      } catch {
        return { ok: false, permanent: false, error: `Africa's Talking answered something that is not JSON: ${text.slice(0, 200)}` };
      }
      const code = Number(recipient.statusCode);
      if (ACCEPTED.has(code) && recipient.messageId) {
        return { ok: true, messageId: recipient.messageId, status: recipient.status ?? 'Success', cost: recipient.cost ?? null };
      }
      return {
        ok: false,
        permanent: PERMANENT.has(code),
        error: `Africa's Talking refused the SMS: ${recipient.status ?? 'unknown'} (${code || 'no code'})`,
      };
    },
  };
}

export type AccountAnswer = { ok: true; balance: string } | { ok: false; httpStatus: number; error: string };

/**
 * The account's data (GET {base}/version1/user?username=…, the apiKey header): proves the username
 * and key without sending an SMS, and tells the balance ('KES 1785.50').
 */
export async function africasTalkingAccount(config: AfricasTalkingConfig): Promise<AccountAnswer> {
  const base = africasTalkingBaseUrl(config.username, config.baseUrl);
  let res: Response;
  try {
    res = await (config.fetch ?? fetch)(`${base}/version1/user?${new URLSearchParams({ username: config.username })}`, {
      headers: { apiKey: config.apiKey, Accept: 'application/json' },
      signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
    });
  } catch (err) {
    return { ok: false, httpStatus: 0, error: `Africa's Talking unreachable: ${err instanceof Error ? err.message : String(err)}` };
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) return { ok: false, httpStatus: res.status, error: `Africa's Talking answered HTTP ${res.status}: ${text.slice(0, 200)}` };
  try {
    const balance = (JSON.parse(text) as { UserData?: { balance?: unknown } }).UserData?.balance;
    if (typeof balance === 'string') return { ok: true, balance };
  } catch {
    // not JSON: said below
  }
  return { ok: false, httpStatus: res.status, error: `Africa's Talking answered without the account's data: ${text.slice(0, 200)}` };
}
