import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Container } from '../components/ui/container';
import { LoadError } from '../components/ui/load-error';
import { useSession } from '../features/account/use-session';
import { productsQuery, shopAddress, shopFilterFrom } from '../features/catalog/api';
import { ProductGrid } from '../features/catalog/components/product-grid';
import { ShopFilters, categoryLabel } from '../features/catalog/components/shop-filters';
import { ShowMore } from '../features/catalog/components/show-more';
import { BuyAgainStrip } from '../features/orders/components/buy-again-strip';
import { useDocumentMeta } from '../lib/document-title';
import { usePagesText } from '../i18n/pages-text';

export default function Shop() {
  const t = usePagesText();
  useDocumentMeta(t('shopTitle'));
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filter = shopFilterFrom(params);
  const { category, search } = filter;
  const products = useInfiniteQuery({ ...productsQuery(filter), placeholderData: keepPreviousData });

  const setParam = useCallback(
    (key: 'category' | 'search', value: string, replace: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          // Another filter starts the list from its first page.
          next.delete('page');
          return next;
        },
        // A category, a search begun or a search cleared is a step Back can return to; each
        // further pause in typing only refines the current search.
        { replace },
      ),
    [setParams],
  );
  const onCategory = useCallback((value: string) => setParam('category', value, false), [setParam]);
  const searching = search !== '';
  const onSearch = useCallback((value: string) => setParam('search', value, searching && value !== ''), [setParam, searching]);

  const name = session.data?.profile?.fullName?.trim() || t('valuedCustomer');
  const data = products.data?.pages[0];
  const shown = products.data?.pages.flatMap((p) => p.products);
  const nextPage = products.data?.pages.at(-1)?.nextPage ?? null;
  const { fetchNextPage, isFetchingNextPage } = products;
  const onMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('shopTitle')}</h1>
      {/* The name ends its line: when a signed-in customer's name replaces 'Valued Customer', no
          text after it moves (no layout shift). */}
      <p className="mt-2 text-slate-600">{t('shopIntro')}</p>
      <p className="mb-8 mt-1 text-slate-600">
        {t('welcome')} <span className="font-semibold text-slate-800">{t('welcomeName', { name })}</span>
      </p>
      <BuyAgainStrip />
      <ShopFilters categories={data?.categories ?? []} category={category} search={search} onCategory={onCategory} onSearch={onSearch} />

      {products.isError && !data ? (
        <LoadError message={t('loadError')} onRetry={() => products.refetch()} />
      ) : data && data.total === 0 ? (
        <p className="py-16 text-center text-lg text-slate-600">{t('noProducts')}</p>
      ) : shown && shown.length === 0 ? (
        <div className="py-16 text-center">
          <h2 className="text-xl font-semibold">{t('noneFound')}</h2>
          <p className="mt-2 text-slate-600">
            {search
              ? category
                ? t('noneMatchIn', { search, category: categoryLabel(category) })
                : t('noneMatch', { search })
              : category
                ? t('noneHereIn', { category: categoryLabel(category) })
                : t('noneHere')}
          </p>
        </div>
      ) : (
        <>
          <ProductGrid layout="shop" products={shown} loadingLabel={t('loadingProducts')} busy={products.isFetching} />
          {nextPage !== null && (
            <ShowMore
              href={shopAddress({ category, search, page: nextPage })}
              loading={isFetchingNextPage}
              auto={!products.isFetchNextPageError}
              onMore={onMore}
            />
          )}
        </>
      )}
    </Container>
  );
}
