// /admin/delivery: the zones, the shop's origin (where deliveries start), the fee's VAT band and a fee preview.
import { mapPointLink } from '@/domain/delivery-route';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import type { z } from 'zod';
import { feePreviewSchema, originFormSchema } from '@/domain/back-office-forms';
import { FREE_DELIVERY_THRESHOLD_CENTS } from '@/domain/cart-totals';
import { formatKES } from '@/domain/money';
import { TAX_BAND_NAMES, TAX_BANDS, isTaxBand, type TaxBand } from '@/domain/tax-bands';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { errorMessage } from '@/web/lib/api';
import { adminApi, type DeliveryOrigin, type OriginBody } from '../admin-api';
import { SelectInput, TextInput } from '../components/form-field';
import { QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';
import { ZonesForm } from './zones-form';
import { OpeningHoursForm, WeekWindowsForm } from './delivery-windows-form';
import { PickupSection } from './pickup-form';
import { ZoneExceptionsForm } from './zone-window-exceptions-form';

const ORIGIN_FIELDS = ['label', 'lat', 'lng'] as const;

function OriginForm({ origin }: { origin: DeliveryOrigin }) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof originFormSchema>, unknown, OriginBody>({
    resolver: zodResolver(originFormSchema),
    defaultValues: { lat: String(origin.lat), lng: String(origin.lng), label: origin.label },
  });
  const field = fieldBinder(form, 'origin');
  const save = async (_: unknown, body: OriginBody) => {
    await adminApi.saveOrigin(body);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'delivery'] });
    toast.success('Origin saved. Delivery distances are measured from here now.');
  };
  const [lat, lng] = form.watch(['lat', 'lng']);
  const busy = form.formState.isSubmitting;
  return (
    <form
      noValidate
      aria-label="Shop origin"
      className="space-y-4"
      onSubmit={adminSubmit(form, ORIGIN_FIELDS, save, 'The origin could not be saved. Please try again.')}
    >
      <TextInput label="Description" {...field('label')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput label="Latitude" inputMode="decimal" {...field('lat')} />
        <TextInput label="Longitude" inputMode="decimal" {...field('lng')} />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save origin'}
        </Button>
        <a
          href={mapPointLink(Number(lat), Number(lng))}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm font-semibold text-brand-700 underline"
        >
          Check on the map<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </form>
  );
}

/** The delivery fee's VAT band: from the next order on; placed orders keep the band they were charged. */
function FeeTaxBandForm({ band }: { band: TaxBand }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<TaxBand>(band);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label="Delivery fee tax band"
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        adminApi
          .saveDeliveryFeeTaxBand({ band: chosen })
          .then(async () => {
            await queryClient.invalidateQueries({ queryKey: ['admin', 'delivery'] });
            toast.success('Tax band saved. New orders charge the delivery fee in this band.');
          })
          .catch((err: unknown) => toast.error(errorMessage(err, 'The tax band could not be saved. Please try again.')))
          .finally(() => setBusy(false));
      }}
    >
      <SelectInput
        id="delivery-fee-tax-band"
        label="Delivery fee tax band (VAT)"
        hint="D (no VAT) charges the fee as the shop always has. Ask your tax adviser which band your delivery fee belongs in."
        value={chosen}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (isTaxBand(value)) setChosen(value);
        }}
      >
        {TAX_BANDS.map((b) => (
          <option key={b} value={b}>
            {TAX_BAND_NAMES[b]}
          </option>
        ))}
      </SelectInput>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save tax band'}
      </Button>
    </form>
  );
}

/** What checkout would charge for a distance today, checked with the same rule as the API. */
function FeePreviewForm() {
  const [km, setKm] = useState('7.5');
  const [asked, setAsked] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const q = useQuery({
    queryKey: ['admin', 'delivery', 'preview', asked],
    queryFn: () => adminApi.previewFee(asked ?? 0),
    enabled: asked !== null,
  });
  return (
    <form
      noValidate
      aria-label="Fee preview"
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = feePreviewSchema.safeParse({ km });
        setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
        // A bad distance clears the last answer too, so no fee shows under the error.
        setAsked(parsed.success ? parsed.data.km : null);
      }}
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="w-40">
          <TextInput
            id="preview-km"
            label="Distance (km)"
            inputMode="decimal"
            value={km}
            error={error}
            onChange={(e) => setKm(e.currentTarget.value)}
          />
        </div>
        <Button type="submit" className="mt-6" variant="secondary">
          Show fee
        </Button>
      </div>
      <div aria-live="polite" className="text-sm text-slate-800">
        {q.isFetching ? (
          'Working it out…'
        ) : q.isError ? (
          <span className="text-red-700">{errorMessage(q.error, 'The fee could not be worked out.')}</span>
        ) : q.data ? (
          q.data.feeCents === null ? (
            'No active zone covers this distance.'
          ) : (
            <>
              {q.data.formattedDistance}: <strong>{formatKES(q.data.feeCents)}</strong> ({q.data.zoneName}, about {q.data.estimatedMinutes}{' '}
              min). Orders of {formatKES(FREE_DELIVERY_THRESHOLD_CENTS)} or more are delivered free.
            </>
          )
        ) : null}
      </div>
    </form>
  );
}

function WindowsSection() {
  const query = useQuery({ queryKey: ['admin', 'delivery', 'windows'], queryFn: adminApi.deliveryWindows });
  return (
    <QueryState query={query} what="the delivery windows">
      {({ hours, week, closedDates, zones }) => (
        <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-3">
          <Card className="xl:col-span-2">
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold text-slate-900">Delivery windows</h2>
              <WeekWindowsForm key={week.map((w) => w.id).join()} week={week} closedDates={closedDates} />
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold text-slate-900">Opening hours</h2>
              <OpeningHoursForm hours={hours} />
            </CardContent>
          </Card>
          <Card className="xl:col-span-2">
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold text-slate-900">Pick-up at the shop</h2>
              <PickupSection />
            </CardContent>
          </Card>
          <Card className="xl:col-span-2">
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold text-slate-900">A zone's exceptions</h2>
              <ZoneExceptionsForm key={week.map((w) => w.id).join()} week={week} zones={zones} />
            </CardContent>
          </Card>
        </div>
      )}
    </QueryState>
  );
}

export default function DeliveryPage() {
  const query = useQuery({ queryKey: ['admin', 'delivery'], queryFn: adminApi.delivery });
  return (
    <>
      <PageHeader
        title="Delivery"
        description="Fees by distance from the shop: base fee plus a rate per km, by zone. Saved zones apply to the next checkout."
      />
      <QueryState query={query} what="the delivery settings">
        {({ zones, origin, feeTaxBand }) => (
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
            <Card className="xl:col-span-2">
              <CardContent>
                <h2 className="mb-3 text-lg font-semibold text-slate-900">Zones</h2>
                <ZonesForm zones={zones} />
              </CardContent>
            </Card>
            <div className="space-y-6">
              <Card>
                <CardContent>
                  <h2 className="mb-3 text-lg font-semibold text-slate-900">Where deliveries start</h2>
                  <OriginForm origin={origin} />
                </CardContent>
              </Card>
              <Card>
                <CardContent>
                  <h2 className="mb-3 text-lg font-semibold text-slate-900">VAT on the delivery fee</h2>
                  <FeeTaxBandForm band={feeTaxBand} />
                </CardContent>
              </Card>
              <Card>
                <CardContent>
                  <h2 className="mb-3 text-lg font-semibold text-slate-900">Fee preview</h2>
                  <FeePreviewForm />
                </CardContent>
              </Card>
            </div>
          </div>
        )}
      </QueryState>
      <WindowsSection />
    </>
  );
}
