// Create and edit a product. Stock is only asked for a new product (its opening stock); afterwards
// it changes through the stock ledger below the form.
import { usePricesIncludeVat } from '@/web/lib/shop-settings-query';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { editProductFormSchemaFor, newProductFormSchema } from '@/domain/back-office-forms';
import { centsToDecimalString } from '@/domain/money';
import { kgText } from '@/domain/stock-units';
import { DEFAULT_TAX_BAND, TAX_BAND_NAMES, TAX_BANDS } from '@/domain/tax-bands';
import { Button } from '@/web/components/ui/button';
import type { AdminProduct, CreateProductBody, UpdateProductBody } from '../admin-api';
import { CheckboxField, SelectInput, TextArea, TextInput } from '../components/form-field';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';
import { ItemClassField } from './item-class-field';

/** The form's own values (text as typed, the price in KES); the schema turns them into the API's body. */
type ProductFormValues = z.input<typeof newProductFormSchema> & { slug?: string; compareAtPrice?: string };

const FIELDS = [
  'name',
  'slug',
  'description',
  'searchKeywords',
  'category',
  'price',
  'compareAtPrice',
  'taxBand',
  'etimsItemClass',
  'stock',
  'lowStockThreshold',
] as const;
/** What a valid form gives: a new product (with its opening stock), or an edit (with the web address). */
type ProductBody = CreateProductBody | UpdateProductBody;

export function ProductForm({
  product,
  categories,
  onSave,
  submitLabel,
  children,
  pricedPerVariant = false,
}: {
  product: AdminProduct | null;
  /** A product with options: its price is its variants' lowest, set on each variant. */
  pricedPerVariant?: boolean;
  categories: string[];
  /**
   * Gets the API's body (checked first with the rules the server checks again; the price in
   * cents); resolves when saved, throws an ApiError whose field messages go under the fields.
   */
  onSave(body: ProductBody): Promise<unknown>;
  submitLabel: string;
  /** Extra fields shown before the buttons (the image picker). */
  children?: ReactNode;
}) {
  // A product keeping its stock in kg has its threshold typed in kg (sent in grams).
  const inKg = product?.stockUnit === 'kg';
  const form = useForm<ProductFormValues, unknown, ProductBody>({
    // Editing adds the web address (made from the name when the product was created).
    resolver: product ? zodResolver(editProductFormSchemaFor(product.stockUnit)) : zodResolver(newProductFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: product?.name ?? '',
      slug: product?.slug ?? '',
      description: product?.description ?? '',
      searchKeywords: product?.searchKeywords ?? '',
      category: product?.category ?? '',
      price: product ? centsToDecimalString(product.priceCents) : '',
      ...(product && { compareAtPrice: product.compareAtPriceCents === null ? '' : centsToDecimalString(product.compareAtPriceCents) }),
      taxBand: product?.taxBand ?? DEFAULT_TAX_BAND,
      etimsItemClass: product?.etimsItemClass ?? '',
      stock: '0',
      lowStockThreshold:
        product && inKg ? kgText(product.lowStockThreshold, { separators: false }) : String(product?.lowStockThreshold ?? 5),
      published: product?.published ?? true,
      featured: product?.featured ?? false,
    },
  });
  const pricesIncludeVat = usePricesIncludeVat();
  const field = fieldBinder(form, 'product');

  return (
    <form
      noValidate
      aria-label={product ? 'Edit product' : 'New product'}
      className="space-y-4"
      onSubmit={adminSubmit(form, FIELDS, (_, body) => onSave(body), 'The product could not be saved. Please try again.', {
        priceCents: 'price',
        compareAtPriceCents: 'compareAtPrice',
      })}
    >
      <TextInput label="Name" {...field('name')} />
      {product && (
        <TextInput
          label="Web address"
          hint={`The product's page is /shop/ followed by this. After a change, the old address leads to the new one.`}
          {...field('slug')}
        />
      )}
      <TextArea label="Description" rows={4} {...field('description')} />
      <TextInput
        label="Search keywords"
        hint="Other names shoppers search by, e.g. samaki ngege for tilapia. The shop's search also reads the name and category."
        {...field('searchKeywords')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Category"
          list="product-categories"
          hint="Lowercase, e.g. fish or chicken. A new name starts a new category."
          {...field('category')}
        />
        <datalist id="product-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <TextInput
          label="Price (KES)"
          inputMode="decimal"
          placeholder="450.00"
          readOnly={pricedPerVariant}
          hint={
            pricedPerVariant ? 'The lowest price of the variants sold: change prices per variant under Options and variants.' : undefined
          }
          {...field('price')}
        />
        {product && !pricedPerVariant && (
          <TextInput
            label="'Was' price (KES)"
            inputMode="decimal"
            hint="Shown struck through beside the price; more than the price. Empty for none."
            {...field('compareAtPrice')}
          />
        )}
        <SelectInput
          label="Tax band (VAT)"
          hint={`${
            pricesIncludeVat
              ? "Prices include VAT (Shop details): the band's VAT is inside the price."
              : "Prices are before VAT; checkout adds the band's VAT."
          } Whether fresh fish and chicken are exempt is your call, with your tax adviser. A change applies to new orders only.`}
          {...field('taxBand')}
        >
          {TAX_BANDS.map((band) => (
            <option key={band} value={band}>
              {TAX_BAND_NAMES[band]}
            </option>
          ))}
        </SelectInput>
        <ItemClassField category={form.watch('category') ?? ''} current={product?.etimsItemClass ?? null} {...field('etimsItemClass')} />
        {!product && (
          <TextInput label="Opening stock" inputMode="numeric" hint="Later changes go through stock adjustments." {...field('stock')} />
        )}
        {inKg ? (
          <TextInput
            label="Low-stock threshold (kg)"
            inputMode="decimal"
            hint="Stock is kept in kg: the dashboard warns when a variant has this many kg or fewer."
            {...field('lowStockThreshold')}
          />
        ) : (
          <TextInput
            label="Low-stock threshold"
            inputMode="numeric"
            hint="The dashboard warns at or below this many."
            {...field('lowStockThreshold')}
          />
        )}
      </div>
      <div className="flex flex-wrap gap-6">
        <CheckboxField id="product-published" label="Published" hint="Shown in the shop" {...form.register('published')} />
        <CheckboxField id="product-featured" label="Featured" hint="Shown on the home page" {...form.register('featured')} />
      </div>
      {children}
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
