import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Link } from '../components/ui/link';
import { cartLinesForTotals, lineLimit } from '../../domain/cart';
import { computeCartTotals } from '../../domain/cart-totals';
import { formatKES } from '../../domain/money';
import { stockHint } from '../../domain/stock-hint';
import { paragraphs } from '../../domain/text';
import { Breadcrumb } from '../components/ui/breadcrumb';
import { Container } from '../components/ui/container';
import { Skeleton } from '../components/ui/skeleton';
import { productPageQuery, type ProductDto, type ProductPageDto, type ProductVariantDto } from '../features/catalog/api';
import { OptionPicker } from '../features/catalog/components/option-picker';
import { weightText } from '@/domain/product-variants';
import { perKgPrice } from '../lib/per-kg-price';
import { useCatalogText } from '../i18n/catalog-text';
import { usePagesText } from '../i18n/pages-text';
import { wasPriceShown } from '@/domain/was-price';
import { WasPrice } from '@/web/components/ui/was-price';
import { AddToCartButton } from '../features/catalog/components/add-to-cart-button';
import { ProductGrid } from '../features/catalog/components/product-grid';
import { ProductImage } from '../components/ui/product-image';
import { categoryLabel } from '../features/catalog/components/shop-filters';
import { useCart } from '../features/cart/use-cart';
import { DeliveryEstimate } from '../features/checkout/components/delivery-estimate';
import { useDeliveryArea } from '../features/checkout/use-delivery-area';
import { ApiError } from '../lib/api';
import { useDocumentMeta } from '../lib/document-title';
import { useHydrated } from '../lib/use-hydrated';
import { WHATSAPP_TEXT } from '@/domain/whatsapp';
import { ChatOnWhatsApp } from '../features/content/components/chat-on-whatsapp';
import { cn } from '../lib/cn';

const HINT_TONES = { out: 'text-red-700', few: 'text-amber-800', in: 'text-emerald-800' } as const;

/** /shop/{slug}: one product with its whole description, a quantity to add, and others like it. */
export default function Product() {
  const { slug = '' } = useParams();
  // A not-found answer from the server stays one while hydrating (instead of asking again at once).
  const query = useQuery({ ...productPageQuery(slug), retryOnMount: useHydrated() });
  const answer = query.data;
  const page = answer && 'product' in answer ? answer : null;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const t = usePagesText();
  useDocumentMeta(
    page?.product.name ?? (query.isError ? (notFound ? t('productNotFound') : t('shopTitle')) : null),
    page ? page.product.description : null,
  );

  if (answer && 'movedTo' in answer) return <Navigate replace to={`/shop/${answer.movedTo}`} />;
  if (query.isPending) return <ProductSkeleton />;
  if (!page) {
    return (
      <Container className="py-24 text-center">
        <h1 className="text-2xl font-bold">{notFound ? t('productNotFound') : t('somethingWrong')}</h1>
        <p className="mt-2 text-slate-600">{notFound ? t('productGone') : t('loadError')}</p>
        <Link to="/shop" className="tap mt-6 inline-block font-semibold text-brand-700 hover:underline">
          {t('backToShop')}
        </Link>
      </Container>
    );
  }
  return <ProductView page={page} />;
}

/** The variant the address names (?variant=…), else the first in stock, else the first. */
function chosenVariant(page: ProductPageDto, asked: string | null): ProductVariantDto | undefined {
  const { variants } = page;
  return variants.find((v) => v.id === asked) ?? variants.find((v) => v.stock > 0) ?? variants[0];
}

function ProductView({ page }: { page: ProductPageDto }) {
  const { product, related } = page;
  const t = usePagesText();
  const c = useCatalogText();
  const [params, setParams] = useSearchParams();
  const hasOptions = page.options.length > 0;
  const variant = hasOptions ? chosenVariant(page, params.get('variant')) : undefined;
  const priceCents = variant?.priceCents ?? product.priceCents;
  const wasCents = variant ? wasPriceShown(variant.priceCents, variant.compareAtPriceCents) : (product.compareAtCents ?? null);
  const stock = variant ? variant.stock : product.stock;
  const weightGrams = variant ? variant.weightGrams : (product.weightGrams ?? null);
  const perKg = perKgPrice(priceCents, weightGrams, product.pricePerKgCents);
  const hint = stockHint(stock);
  // The choice lives in the address, so a shared link opens the same variant.
  const choose = (v: ProductVariantDto) =>
    setParams(
      (p) => {
        p.set('variant', v.id);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  const category = categoryLabel(product.category);
  const categoryHref = `/shop?category=${encodeURIComponent(product.category)}`;
  return (
    <Container className="py-8">
      <Breadcrumb
        trail={[
          { to: '/shop', label: t('breadcrumbShop') },
          { to: categoryHref, label: category },
        ]}
        current={product.name}
      />
      <div className="grid gap-8 md:grid-cols-2">
        <ProductImage
          productId={product.id}
          name={product.name}
          category={product.category}
          imageUrl={product.imageUrl}
          priority="high"
          sizes="(min-width: 1152px) 552px, (min-width: 768px) calc(50vw - 32px), calc(100vw - 32px)"
          className="rounded-lg"
        />
        <div className="flex flex-col gap-4">
          <Link
            to={categoryHref}
            className="inline-flex min-h-11 min-w-11 w-fit items-center text-sm font-semibold uppercase tracking-wide text-brand-700 hover:underline"
          >
            {category}
          </Link>
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{product.name}</h1>
          {hasOptions && variant && <OptionPicker options={page.options} variants={page.variants} chosen={variant} onChoose={choose} />}
          <div>
            <p className="text-2xl font-bold text-slate-900" data-testid="product-price">
              {formatKES(priceCents)}
            </p>
            {wasCents !== null && <WasPrice cents={wasCents} />}
            {perKg && (
              <p className="text-sm text-slate-600" data-testid="price-per-kg">
                {c('perKg', { price: perKg })}
              </p>
            )}
            {weightGrams !== null && hasOptions && (
              <p className="text-sm text-slate-600">{t('weightAbout', { weight: weightText(weightGrams) })}</p>
            )}
            {product.pricePerKgCents !== undefined && (
              <p className="text-sm text-slate-600" data-testid="weighed-rule">
                {t('weighedRule')}
              </p>
            )}
          </div>
          <p className={cn('font-semibold', HINT_TONES[hint.tone])} data-testid="stock-hint">
            {hint.tone === 'out' ? c('outOfStock') : hint.tone === 'few' ? t('onlyLeft', { stock }) : t('inStock')}
          </p>
          <div className="space-y-3 leading-relaxed text-slate-700" data-testid="product-description">
            {paragraphs(product.description).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          <AddToCart key={variant?.id ?? product.id} product={product} variant={variant} />
          <ProductDelivery />
          <ChatOnWhatsApp text={WHATSAPP_TEXT.product(product.name)} />
        </div>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-16">
          <h2 id="related-heading" className="mb-6 text-2xl font-bold text-slate-900">
            {t('moreOf', { category })}
          </h2>
          <ProductGrid layout="featured" products={related} loadingLabel={t('loadingProducts')} headingLevel={3} />
        </section>
      )}
    </Container>
  );
}

/** The delivery fee to the customer's area, free when the cart already reaches free delivery. */
function ProductDelivery() {
  const delivery = useDeliveryArea();
  const { lines } = useCart();
  const freeDelivery = computeCartTotals({ lines: cartLinesForTotals(lines), deliveryFeeCents: null }).freeDelivery;
  return <DeliveryEstimate delivery={delivery} freeDelivery={freeDelivery} />;
}

/** A quantity within stock (and an order's limit per product), then Add to Cart. */
function AddToCart({ product, variant }: { product: ProductDto; variant: ProductVariantDto | undefined }) {
  const t = usePagesText();
  const id = useId();
  const max = lineLimit(variant ? variant.stock : product.stock);
  const [quantity, setQuantity] = useState(1);
  if (max === 0) return <AddToCartButton product={product} variant={variant} className="w-full sm:w-64" />;
  const chosen = Math.min(quantity, max);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t('quantity')}
        </label>
        <select
          id={id}
          value={chosen}
          onChange={(e) => setQuantity(Number(e.target.value))}
          className="h-11 w-24 rounded-md border border-slate-300 bg-white px-3 text-base"
        >
          {Array.from({ length: max }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
      </div>
      <AddToCartButton product={product} variant={variant} quantity={chosen} size="tall" className="flex-1 sm:w-64 sm:flex-none" />
    </div>
  );
}

function ProductSkeleton() {
  const t = usePagesText();
  return (
    <Container className="py-8">
      <div className="grid gap-8 md:grid-cols-2" aria-busy="true" aria-label={t('loadingProduct')}>
        <Skeleton className="aspect-[4/3] w-full" />
        <div className="space-y-4">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-11 w-64" />
        </div>
      </div>
    </Container>
  );
}
