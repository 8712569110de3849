import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Container } from '../components/layout/container';
import { LoadError } from '../components/ui/load-error';
import { useSession } from '../features/account/use-session';
import { productsQuery, shopFilterFrom } from '../features/catalog/api';
import { ProductGrid } from '../features/catalog/components/product-grid';
import { ShopFilters, categoryLabel } from '../features/catalog/components/shop-filters';
import { useDocumentMeta } from '../lib/document-title';

export default function Shop() {
  useDocumentMeta('Our Products');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const { category, search } = shopFilterFrom(params);
  const products = useQuery({ ...productsQuery({ category, search }), placeholderData: keepPreviousData });

  const setParam = useCallback(
    (key: 'category' | 'search', value: string, replace: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
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
  const data = products.data;

  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Our Products</h1>
      {/* The name ends its line: when a signed-in customer's name replaces 'Valued Customer', no
          text after it moves (no layout shift). */}
      <p className="mt-2 text-slate-600">Fresh fish and chicken, delivered across Nairobi.</p>
      <p className="mb-8 mt-1 text-slate-600">
        Welcome, <span className="font-semibold text-slate-800">{`${name}!`}</span>
      </p>
      <ShopFilters categories={data?.categories ?? []} category={category} search={search} onCategory={onCategory} onSearch={onSearch} />

      {products.isError && !data ? (
        <LoadError message="Error loading products. Please try again later." onRetry={() => products.refetch()} />
      ) : data && data.total === 0 ? (
        <p className="py-16 text-center text-lg text-slate-600">No products available at the moment.</p>
      ) : data && data.products.length === 0 ? (
        <div className="py-16 text-center">
          <h2 className="text-xl font-semibold">No products found</h2>
          <p className="mt-2 text-slate-600">
            {search ? `Nothing matches "${search}"` : 'Nothing here'}
            {category ? ` in ${categoryLabel(category)}` : ''}. Try another search or category.
          </p>
        </div>
      ) : (
        <ProductGrid layout="shop" products={data?.products} loadingLabel="Loading products" busy={products.isFetching} />
      )}
    </Container>
  );
}
