// /admin/posts and /admin/pages: the list with search and a published/draft filter.
import { Link } from '../../../components/ui/link';
import { Plus } from 'lucide-react';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { Badge } from '@/web/components/ui/badge';
import { buttonClasses } from '@/web/components/ui/button-classes';
import { adminApi, type AdminContentSummary, type ContentKind } from '../admin-api';
import { CONTENT_LABELS } from '../components/content-labels';
import { DataTable, type Column } from '../components/data-table';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { EmptyState, ListState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../components/search-box';
import { useAdminList } from '../hooks/use-admin-list';

const KEYS = ['q', 'state'] as const;

function columns(kind: ContentKind): Column<AdminContentSummary>[] {
  const labels = CONTENT_LABELS[kind];
  return [
    {
      header: 'Title',
      cell: (item) => (
        <Link to={`${labels.base}/${item.id}`} className="font-medium text-brand-700 hover:underline">
          {item.title}
        </Link>
      ),
    },
    { header: 'Address', className: 'text-slate-700', cell: (item) => labels.publicPath(item.slug) },
    { header: 'State', cell: (item) => (item.published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>) },
    { header: 'Last change', className: 'whitespace-nowrap', cell: (item) => formatNairobiDateTime(item.updatedAt) },
  ];
}

export default function ContentListPage({ kind }: { kind: ContentKind }) {
  const labels = CONTENT_LABELS[kind];
  const plural = labels.plural.toLowerCase();
  const { values, setFilters, setPage, query, filtered } = useAdminList(`${kind}s`, KEYS, (params) => adminApi.contentList(kind, params));
  return (
    <>
      <PageHeader
        title={labels.plural}
        description={
          kind === 'post'
            ? 'Articles on the blog, newest changes first.'
            : 'Information pages such as FAQ, delivery and terms; published ones are linked in the footer.'
        }
        actions={
          <Link to={`${labels.base}/new`} className={buttonClasses()}>
            <Plus aria-hidden="true" className="h-4 w-4" /> New {labels.one}
          </Link>
        }
      />
      <FilterBar>
        <SearchBox
          id={`${kind}-search`}
          label={`Search ${plural}`}
          value={values.q}
          onSearch={(q) => setFilters({ q })}
          placeholder="Title or slug"
        />
        <FilterSelect
          id={`${kind}-state`}
          label="Show"
          value={values.state}
          onChange={(state) => setFilters({ state })}
          options={[
            ['', 'All'],
            ['published', 'Published'],
            ['draft', 'Drafts'],
          ]}
        />
      </FilterBar>
      <ListState
        query={query}
        what={plural}
        onPage={setPage}
        pagerLabel={`${labels.plural} pages`}
        empty={
          <EmptyState title={`No ${plural} match`}>
            {filtered ? (
              'Try another search.'
            ) : (
              <Link to={`${labels.base}/new`} className="text-brand-700 underline">
                Write the first one
              </Link>
            )}
          </EmptyState>
        }
      >
        {(items) => (
          <DataTable
            label={`${labels.plural} list`}
            caption={labels.plural}
            columns={columns(kind)}
            rows={items}
            rowKey={(item) => item.id}
          />
        )}
      </ListState>
    </>
  );
}
