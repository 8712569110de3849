// /delivery/:token: the page a customer opens from the SMS sent when her order could not be
// delivered. No sign-in: the signed token in the address names the order. She picks one of her
// zone's delivery windows (those checkout offers; full ones shown as full) and the order moves
// there; a link used already, for a delivered or cancelled order, or bad or expired says so.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../components/ui/button';
import { api, call } from '../lib/api-client';
import { errorMessage } from '../lib/api';
import { useDocumentMeta } from '../lib/document-title';
import { useOrdersText } from '../i18n/orders-text';

const link = api['delivery-reschedule'][':token'];
const slotKey = (s: { windowId: string; date: string }) => `${s.windowId}|${s.date}`;

export default function DeliveryReschedulePage() {
  const { token = '' } = useParams();
  const t = useOrdersText();
  useDocumentMeta(t('pickNewTime'));
  const queryClient = useQueryClient();
  const queryKey = ['delivery-reschedule', token];
  const query = useQuery({ queryKey, queryFn: () => call(link.$get({ param: { token } })), retry: false, staleTime: 0 });
  const [chosen, setChosen] = useState('');
  const move = useMutation({
    mutationFn: (choice: { windowId: string; date: string }) => call(link.$post({ param: { token }, json: choice })),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  const page = query.data;
  return (
    <section className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{page ? t('orderNewTime', { number: page.orderNumber }) : t('pickNewTime')}</h1>
      {query.isPending ? (
        <p className="text-slate-700">{t('loadingPage')}</p>
      ) : !page ? (
        <p role="alert" className="text-slate-800">
          {errorMessage(query.error, t('pageLoadFailed'))}
        </p>
      ) : page.state === 'closed' ? (
        <p className="text-slate-800">{page.message}</p>
      ) : page.state === 'booked' ? (
        <p role="status" className="rounded-md bg-brand-50 p-4 text-slate-900">
          {page.window ? t('bookedAt', { window: page.window }) : t('booked')}
        </p>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            const slot = page.slots.find((s) => slotKey(s) === chosen);
            if (slot) move.mutate({ windowId: slot.windowId, date: slot.date });
          }}
        >
          <p className="text-slate-700">
            {t('sorryMissed')}
            {page.current ? ` ${t('yourDeliveryWas', { current: page.current })}` : ''}{' '}
            {page.zoneName ? t('chooseWhenTo', { zone: page.zoneName }) : t('chooseWhen')}
          </p>
          <fieldset className="space-y-2">
            <legend className="font-semibold text-slate-900">{t('deliveryTime')}</legend>
            {page.slots.length === 0 && <p className="text-slate-700">{t('noTimesOpen')}</p>}
            {page.slots.map((s) => (
              <label
                key={slotKey(s)}
                className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:disabled]:opacity-60"
              >
                <input
                  type="radio"
                  name="slot"
                  value={slotKey(s)}
                  checked={chosen === slotKey(s)}
                  disabled={s.full}
                  onChange={() => setChosen(slotKey(s))}
                  className="h-5 w-5"
                />
                <span>
                  {s.label}
                  {s.full && <span className="text-slate-600"> {t('full')}</span>}
                </span>
              </label>
            ))}
          </fieldset>
          {move.error && (
            <p role="alert" className="text-red-700">
              {errorMessage(move.error, t('didNotWork'))}
            </p>
          )}
          <Button type="submit" size="tall" disabled={!chosen || move.isPending}>
            {move.isPending ? t('saving') : t('deliverAtThisTime')}
          </Button>
        </form>
      )}
    </section>
  );
}
