// /admin/shop-details: the address, phone, email and social links customers see in the footer and
// on the contact page.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { missingShopDetails } from '@/domain/shop-details';
import { shopDetailsSchema, type ShopDetailsInput } from '@/domain/shop-details-schema';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { toast } from '@/web/lib/toast';
import { adminApi, type ShopDetailsView } from '../admin-api';
import { TextInput } from '../components/form-field';
import { QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';
import { formatPhone } from '@/domain/phone';
import { MerchantNoticesCard } from './merchant-notices-form';
import { IfUnavailableCard } from './if-unavailable-card';
import { PricesIncludeVatCard } from './prices-include-vat-card';

const FIELDS = ['address', 'phone', 'whatsapp', 'email', 'facebookUrl', 'instagramUrl', 'xUrl'] as const;

/** What the storefront leaves out until it is filled in (the saved details, not the form's). */
function MissingDetails({ details }: { details: ShopDetailsView }) {
  const missing = missingShopDetails(details);
  if (missing.length === 0) return null;
  return (
    <Alert tone="info" title="Not shown to customers yet">
      Customers do not see these until you fill them in: {missing.join(', ')}.
    </Alert>
  );
}

function ShopDetailsForm({ details }: { details: ShopDetailsView }) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof shopDetailsSchema>, unknown, ShopDetailsInput>({
    resolver: zodResolver(shopDetailsSchema),
    defaultValues: { ...details, phone: formatPhone(details.phone), whatsapp: formatPhone(details.whatsapp) },
  });
  const field = fieldBinder(form, 'shop');
  const save = async (values: z.input<typeof shopDetailsSchema>) => {
    await adminApi.saveShopDetails(values);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'shop-details'] }),
      queryClient.invalidateQueries({ queryKey: ['content', 'shop-details'] }),
    ]);
    toast.success('Shop details saved. Customers see them now.');
  };
  const busy = form.formState.isSubmitting;
  return (
    <form
      noValidate
      aria-label="Shop details"
      className="space-y-4"
      onSubmit={adminSubmit(form, FIELDS, save, 'The shop details could not be saved. Please try again.')}
    >
      <MissingDetails details={details} />
      <TextInput label="Address" {...field('address')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput label="Phone (optional)" type="tel" {...field('phone')} />
        <TextInput label="Email" type="email" {...field('email')} />
      </div>
      <TextInput
        label="WhatsApp number (optional)"
        type="tel"
        hint="Customers see 'Chat on WhatsApp' on product, cart and order pages, with a first message naming the product or order."
        {...field('whatsapp')}
      />
      <TextInput label="Facebook page (optional)" inputMode="url" {...field('facebookUrl')} />
      <TextInput label="Instagram page (optional)" inputMode="url" {...field('instagramUrl')} />
      <TextInput label="X (Twitter) page (optional)" inputMode="url" {...field('xUrl')} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save shop details'}
      </Button>
    </form>
  );
}

export default function ShopDetailsPage() {
  const query = useQuery({ queryKey: ['admin', 'shop-details'], queryFn: adminApi.shopDetails });
  return (
    <>
      <PageHeader title="Shop details" description="How customers reach you: shown in the footer of every page and on the contact page." />
      <QueryState query={query} what="the shop details">
        {({ details, pricesIncludeVat, ifUnavailable }) => (
          <>
            <Card className="max-w-2xl">
              <CardContent>
                <ShopDetailsForm details={details} />
              </CardContent>
            </Card>
            <PricesIncludeVatCard on={pricesIncludeVat} />
            <IfUnavailableCard key={ifUnavailable} current={ifUnavailable} />
          </>
        )}
      </QueryState>
      <MerchantNoticesCard />
    </>
  );
}
