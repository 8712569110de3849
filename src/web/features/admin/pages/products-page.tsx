// /admin/products: what the shop sells, with search, category and state filters kept in the URL.
import { Link } from '../../../components/ui/link';
import { Plus } from 'lucide-react';
import { formatKES } from '@/domain/money';
import { formatStock } from '@/domain/stock-units';
import { Badge } from '@/web/components/ui/badge';
import { buttonClasses } from '@/web/components/ui/button-classes';
import { adminApi, type AdminProduct } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { FilterBar, FilterSelect, type FilterOption } from '../components/filter-bar';
import { EmptyState, ListState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../components/search-box';
import { useAdminList } from '../hooks/use-admin-list';

const STATES: readonly FilterOption[] = [
  ['active', 'All but archived'],
  ['published', 'Published'],
  ['draft', 'Hidden (draft)'],
  ['low_stock', 'Low stock'],
  ['out_of_stock', 'Out of stock'],
  ['archived', 'Archived'],
  ['all', 'Everything'],
];

const KEYS = ['q', 'category', 'state'] as const;

const COLUMNS: Column<AdminProduct>[] = [
  {
    header: 'Product',
    cell: (p) => (
      <Link to={`/admin/products/${p.id}`} className="flex items-center gap-3 font-medium text-brand-700 hover:underline">
        {p.imageUrl ? (
          <img src={p.imageUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded object-cover" />
        ) : (
          <span aria-hidden="true" className="h-10 w-10 rounded bg-slate-100" />
        )}
        {p.name}
      </Link>
    ),
  },
  { header: 'Category', className: 'text-slate-700', cell: (p) => p.category },
  { header: 'Price', className: 'text-right tabular-nums', cell: (p) => formatKES(p.priceCents) },
  {
    header: 'Stock',
    className: 'text-right tabular-nums',
    cell: (p) => (
      <span className={p.stock === 0 ? 'font-semibold text-red-700' : p.lowStock ? 'font-semibold text-amber-800' : ''}>
        {formatStock(p.stockUnit, p.stock)}
      </span>
    ),
  },
  {
    header: 'State',
    cell: (p) => (
      <div className="flex flex-wrap gap-1">
        {p.archivedAt ? (
          <Badge tone="danger">Archived</Badge>
        ) : p.published ? (
          <Badge tone="success">Published</Badge>
        ) : (
          <Badge>Hidden</Badge>
        )}
        {p.featured && <Badge tone="brand">Featured</Badge>}
        {!p.archivedAt && p.lowStock && <Badge tone="warning">{p.stock === 0 ? 'Out of stock' : 'Low stock'}</Badge>}
      </div>
    ),
  },
];

export default function ProductsPage() {
  const { values, setFilters, setPage, query, filtered } = useAdminList('products', KEYS, adminApi.products);
  return (
    <>
      <PageHeader
        title="Products"
        description="What the shop sells. Archive a product to take it off the shop; old orders keep their lines."
        actions={
          <Link to="/admin/products/new" className={buttonClasses()}>
            <Plus aria-hidden="true" className="h-4 w-4" /> New product
          </Link>
        }
      />
      <FilterBar>
        <SearchBox
          id="product-search"
          label="Search products"
          value={values.q}
          onSearch={(q) => setFilters({ q })}
          placeholder="Name or description"
        />
        <FilterSelect
          id="product-category"
          label="Category"
          value={values.category}
          onChange={(category) => setFilters({ category })}
          options={[['', 'All categories'], ...(query.data?.categories ?? []).map((c) => [c, c] as const)]}
        />
        <FilterSelect
          id="product-state"
          label="Show"
          value={values.state || 'active'}
          onChange={(state) => setFilters({ state })}
          options={STATES}
        />
      </FilterBar>
      <ListState
        query={query}
        what="the products"
        onPage={setPage}
        pagerLabel="Product pages"
        empty={
          <EmptyState title="No products match">
            {filtered ? (
              'Try another search or filter.'
            ) : (
              <Link to="/admin/products/new" className="text-brand-700 underline">
                Add the first product
              </Link>
            )}
          </EmptyState>
        }
      >
        {(items) => <DataTable label="Product list" caption="Products" columns={COLUMNS} rows={items} rowKey={(p) => p.id} />}
      </ListState>
    </>
  );
}
