// The profile page's consents: each one with the date it was given, withdrawn in one tap (and the
// newsletter's opt-out when her email is on the list). Turning one back on is the profile's Edit.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONSENT_LABELS, type ConsentKind } from '@/domain/consents';
import { formatDate } from '@/domain/dates';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { fetchConsents, withdrawConsent } from '../api';
import { sessionQueryKey, type SessionInfo } from '../use-session';

export const consentsQueryKey = ['consents'] as const;

type Consents = Awaited<ReturnType<typeof fetchConsents>>;
type Choice = Consents['choices'][number];

const WITHDRAWN: Readonly<Record<ConsentKind, string>> = {
  order_sms: 'SMS updates about your orders are off.',
  cart_reminders: 'Cart reminders by SMS are off.',
  newsletter: 'You are off the newsletter list.',
};

function stateOf(c: Choice): string {
  if (!c.granted) return c.since ? `Off since ${formatDate(c.since)}` : 'Off';
  return c.since ? `Given on ${formatDate(c.since)}` : 'On (not chosen yet)';
}

export function ConsentsPanel() {
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
      toast.success(WITHDRAWN[kind]);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not withdraw your consent. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="consents-heading" className="mt-8">
      <h2 id="consents-heading" className="text-xl font-semibold text-slate-900">
        Your consents
      </h2>
      <p className="mt-1 text-sm text-slate-600">What you agreed to, and when. Withdraw any of them here at any time.</p>
      {isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Could not load your consents. Please reload the page.
        </p>
      )}
      {data && (
        <ul className="mt-3 divide-y divide-slate-200">
          {data.choices.map((c) => (
            <li key={c.kind} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">{CONSENT_LABELS[c.kind]}</p>
                <p className="text-sm text-slate-600">
                  {stateOf(c)}
                  {c.kind === 'newsletter' && data.newsletterEmail ? ` (${data.newsletterEmail})` : ''}
                </p>
              </div>
              {c.granted && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  onClick={() => void withdraw(c.kind)}
                  aria-label={c.kind === 'newsletter' ? 'Unsubscribe from the newsletter' : `Withdraw: ${CONSENT_LABELS[c.kind]}`}
                >
                  {busy === c.kind ? 'Withdrawing...' : c.kind === 'newsletter' ? 'Unsubscribe' : 'Withdraw'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
