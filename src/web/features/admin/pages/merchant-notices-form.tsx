// On /admin/shop-details: the phones and mailboxes that get an SMS and a mail for each paid order
// and the morning summary of the day's deliveries, and the summary's time.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatPhone } from '@/domain/phone';
import { MAX_NOTICE_RECIPIENTS, merchantNoticesFormSchema } from '@/domain/merchant-notices';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { toast } from '@/web/lib/toast';
import { adminApi } from '../admin-api';
import { TextArea, TextInput } from '../components/form-field';
import { QueryState } from '../components/list-states';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';

const FIELDS = ['phones', 'emails', 'summaryTime'] as const;
type FormInput = z.input<typeof merchantNoticesFormSchema>;
type FormOutput = z.output<typeof merchantNoticesFormSchema>;

function NoticesForm({ initial }: { initial: FormInput }) {
  const queryClient = useQueryClient();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(merchantNoticesFormSchema), defaultValues: initial });
  const field = fieldBinder(form, 'notices');
  const save = async (_typed: FormInput, parsed: FormOutput) => {
    await adminApi.saveMerchantNotices(parsed);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'merchant-notices'] });
    toast.success('Order notices saved.');
  };
  const busy = form.formState.isSubmitting;
  return (
    <form
      noValidate
      aria-label="Order notices"
      className="space-y-4"
      onSubmit={adminSubmit(form, FIELDS, save, 'The order notices could not be saved. Please try again.')}
    >
      <TextArea
        label="Phones for order SMS (optional)"
        rows={2}
        hint={`One per line, up to ${MAX_NOTICE_RECIPIENTS}. Each gets an SMS for every paid order and the morning summary.`}
        {...field('phones')}
      />
      <TextArea
        label="Emails for order mail (optional)"
        rows={2}
        hint={`One per line, up to ${MAX_NOTICE_RECIPIENTS}. Each gets a mail for every paid order and the morning summary.`}
        {...field('emails')}
      />
      <TextInput label="Morning summary at (Nairobi time)" type="time" className="max-w-40" {...field('summaryTime')} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save order notices'}
      </Button>
    </form>
  );
}

export function MerchantNoticesCard() {
  const query = useQuery({ queryKey: ['admin', 'merchant-notices'], queryFn: adminApi.merchantNotices });
  return (
    <Card className="mt-6 max-w-2xl">
      <CardContent>
        <h2 className="mb-1 text-lg font-semibold text-slate-900">Order notices</h2>
        <p className="mb-4 text-sm text-slate-600">
          Who hears about each paid order besides this back office, and when the day’s summary goes out.
        </p>
        <QueryState query={query} what="the order notices">
          {({ notices }) => (
            <NoticesForm
              initial={{
                phones: notices.phones.map(formatPhone).join('\n'),
                emails: notices.emails.join('\n'),
                summaryTime: notices.summaryTime,
              }}
            />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
