// The profile page's consents: each one with the date it was given, withdrawn in one tap (and the
// newsletter's opt-out when her email is on the list). Turning one back on is the profile's Edit.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsentKind } from '@/domain/consents';
import { formatDate } from '@/domain/dates';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { fetchConsents, withdrawConsent } from '../api';
import { sessionQueryKey, type SessionInfo } from '../use-session';
import { useAccountText, type AccountKey } from '@/web/i18n/account-text';
import type { Text } from '@/web/i18n/catalogue';

export const consentsQueryKey = ['consents'] as const;

type Consents = Awaited<ReturnType<typeof fetchConsents>>;
type Choice = Consents['choices'][number];

const WITHDRAWN: Readonly<Record<ConsentKind, AccountKey>> = {
  order_sms: 'withdrawnOrderSms',
  cart_reminders: 'withdrawnCartReminders',
  newsletter: 'withdrawnNewsletter',
};

/** Each consent's name (the domain's CONSENT_LABELS, in the customer's language). */
const LABEL: Readonly<Record<ConsentKind, AccountKey>> = {
  order_sms: 'consents_order_sms',
  cart_reminders: 'consents_cart_reminders',
  newsletter: 'consents_newsletter',
};

function stateOf(c: Choice, t: Text<AccountKey>): string {
  if (!c.granted) return c.since ? t('offSince', { date: formatDate(c.since) }) : t('off');
  return c.since ? t('givenOn', { date: formatDate(c.since) }) : t('onNotChosen');
}

export function ConsentsPanel() {
  const t = useAccountText();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery({ queryKey: consentsQueryKey, queryFn: fetchConsents });
  const [busy, setBusy] = useState<ConsentKind | null>(null);

  const withdraw = async (kind: ConsentKind) => {
    setBusy(kind);
    try {
      queryClient.setQueryData(consentsQueryKey, await withdrawConsent(kind));
      // The read view's 'SMS updates' and 'Cart reminders by SMS' rows follow at once.
      queryClient.setQueryData<SessionInfo>(sessionQueryKey, (old) =>
        old?.profile && kind !== 'newsletter'
          ? { ...old, profile: { ...old.profile, ...(kind === 'order_sms' ? { smsUpdates: false } : { cartReminders: false }) } }
          : old,
      );
      toast.success(t(WITHDRAWN[kind]));
    } catch (err) {
      toast.error(errorMessage(err, t('withdrawFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="consents-heading" className="mt-8">
      <h2 id="consents-heading" className="text-xl font-semibold text-slate-900">
        {t('consentsTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('consentsLead')}</p>
      {isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('consentsLoadFailed')}
        </p>
      )}
      {data && (
        <ul className="mt-3 divide-y divide-slate-200">
          {data.choices.map((c) => (
            <li key={c.kind} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">{t(LABEL[c.kind])}</p>
                <p className="text-sm text-slate-600">
                  {stateOf(c, t)}
                  {c.kind === 'newsletter' && data.newsletterEmail ? ` (${data.newsletterEmail})` : ''}
                </p>
              </div>
              {c.granted && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  onClick={() => void withdraw(c.kind)}
                  aria-label={c.kind === 'newsletter' ? t('unsubscribeLabel') : t('withdrawLabel', { consent: t(LABEL[c.kind]) })}
                >
                  {busy === c.kind ? t('withdrawing') : c.kind === 'newsletter' ? t('unsubscribe') : t('withdraw')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
