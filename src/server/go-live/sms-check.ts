// Africa's Talking, as it will send the order SMS: a live account whose key is accepted (read through
// its account data, so no SMS is sent), a balance, and the sender id customers will see.
import { africasTalkingAccount } from '../infra/sms/africas-talking';
import type { GoLiveCheck } from './go-live-check';

/** An alphanumeric sender id (up to 11 letters, digits or spaces) or a numeric short code. */
const SENDER_ID = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 ]{1,11}$/;

export const smsCheck: GoLiveCheck = {
  name: "SMS (Africa's Talking)",
  async run({ env, callTimeoutMs }) {
    if (env.SMS_DISABLED)
      return {
        ok: true,
        warning: true,
        detail: 'SMS are off (SMS_DISABLED=1): no order updates or sign-in codes by SMS',
        fix: 'Set AT_USERNAME, AT_API_KEY and AT_SENDER_ID, and unset SMS_DISABLED, to send them.',
      };
    const keysFix =
      "Set AT_USERNAME and AT_API_KEY to the live account's username and API key (Africa's Talking dashboard, Settings → API key).";
    if (!env.AT_USERNAME || !env.AT_API_KEY)
      return { ok: false, detail: 'no account: SMS would go to the development SMS box', fix: keysFix };
    if (env.AT_USERNAME === 'sandbox') return { ok: false, detail: 'AT_USERNAME=sandbox: the sandbox never reaches a phone', fix: keysFix };
    const account = await africasTalkingAccount({
      username: env.AT_USERNAME,
      apiKey: env.AT_API_KEY,
      baseUrl: env.AT_API_URL,
      timeoutMs: callTimeoutMs,
    });
    if (!account.ok)
      return {
        ok: false,
        detail: account.httpStatus === 401 ? `Africa's Talking refused the username or key: ${account.error}` : account.error,
        fix:
          account.httpStatus === 401 || account.httpStatus === 403
            ? keysFix
            : "Check that this machine reaches Africa's Talking (and AT_API_URL, if set).",
      };
    const detail = `account ${env.AT_USERNAME} accepted, balance ${account.balance}`;
    if (!env.AT_SENDER_ID)
      return {
        ok: false,
        detail: `${detail}, but no sender id: customers would see Africa's Talking's shared number`,
        fix: "Ask Africa's Talking to register the shop's sender id (e.g. the shop's name, up to 11 characters) and set AT_SENDER_ID.",
      };
    if (!SENDER_ID.test(env.AT_SENDER_ID))
      return {
        ok: false,
        detail: `${detail}, but the sender id '${env.AT_SENDER_ID}' is not one Kenyan networks take (up to 11 letters, digits or spaces)`,
        fix: "Set AT_SENDER_ID exactly as Africa's Talking registered it.",
      };
    if (/^\D*0+(\.0+)?$/.test(account.balance.trim()))
      return { ok: true, warning: true, detail: `${detail}: nothing left to send with`, fix: "Top up the Africa's Talking account." };
    // Only a real SMS shows the sender id works (docs/go-live.md); the API has no other way to tell.
    return { ok: true, detail: `${detail}, sender id ${env.AT_SENDER_ID}` };
  },
};
