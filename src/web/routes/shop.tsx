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

export default function Shop() {
  useDocumentMeta('Our Products');
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

  const name = session.data?.profile?.fullName?.trim() || 'Valued Customer';
  const data = products.data?.pages[0];
  const shown = products.data?.pages.flatMap((p) => p.products);
  const nextPage = products.data?.pages.at(-1)?.nextPage ?? null;
  const { fetchNextPage, isFetchingNextPage } = products;
  const onMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Our Products</h1>
      {/* The name ends its line: when a signed-in customer's name replaces 'Valued Customer', no
          text after it moves (no layout shift). */}
      <p className="mt-2 text-slate-600">Fresh fish and chicken, delivered across Nairobi.</p>
      <p className="mb-8 mt-1 text-slate-600">
        Welcome, <span className="font-semibold text-slate-800">{`${name}!`}</span>
      </p>
      <BuyAgainStrip />
      <ShopFilters categories={data?.categories ?? []} category={category} search={search} onCategory={onCategory} onSearch={onSearch} />

      {products.isError && !data ? (
        <LoadError message="Error loading products. Please try again later." onRetry={() => products.refetch()} />
      ) : data && data.total === 0 ? (
        <p className="py-16 text-center text-lg text-slate-600">No products available at the moment.</p>
      ) : shown && shown.length === 0 ? (
        <div className="py-16 text-center">
          <h2 className="text-xl font-semibold">No products found</h2>
          <p className="mt-2 text-slate-600">
            {search ? `Nothing matches "${search}"` : 'Nothing here'}
            {category ? ` in ${categoryLabel(category)}` : ''}. Try another search or category.
          </p>
        </div>
      ) : (
        <>
          <ProductGrid layout="shop" products={shown} loadingLabel="Loading products" busy={products.isFetching} />
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
