// /admin/newsletter: the subscribers, a spreadsheet-safe CSV download, and unsubscribing.
import { Download } from 'lucide-react';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { Button } from '@/web/components/ui/button';
import { buttonClasses } from '@/web/components/ui/button-classes';
import { adminApi, NEWSLETTER_CSV_URL, type Subscriber } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { FilterBar } from '../components/filter-bar';
import { EmptyState, ListState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../components/search-box';
import { useAdminAction } from '../hooks/use-admin-action';
import { useAdminList } from '../hooks/use-admin-list';

const KEYS = ['q'] as const;

function Unsubscribe({ subscriber }: { subscriber: Subscriber }) {
  const run = useAdminAction();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm">
          Unsubscribe<span className="sr-only"> {subscriber.email}</span>
        </Button>
      }
      title={`Unsubscribe ${subscriber.email}?`}
      description="They stop receiving the newsletter. They can subscribe again from the shop."
      confirmLabel="Unsubscribe"
      onConfirm={() => run(() => adminApi.deleteSubscriber(subscriber.id), `${subscriber.email} was unsubscribed.`)}
    />
  );
}

const COLUMNS: Column<Subscriber>[] = [
  { header: 'Email', cell: (s) => s.email },
  { header: 'Subscribed', className: 'whitespace-nowrap', cell: (s) => formatNairobiDateTime(s.createdAt) },
  { header: <span className="sr-only">Actions</span>, className: 'text-right', cell: (s) => <Unsubscribe subscriber={s} /> },
];

export default function NewsletterPage() {
  const { values, setFilters, setPage, query } = useAdminList('newsletter', KEYS, adminApi.subscribers);
  return (
    <>
      <PageHeader
        title="Newsletter"
        description="Everyone who subscribed from the shop's footer. The CSV opens safely in a spreadsheet."
        actions={
          <a href={NEWSLETTER_CSV_URL} download className={buttonClasses('outline')}>
            <Download aria-hidden="true" className="h-4 w-4" /> Download CSV
          </a>
        }
      />
      <FilterBar>
        <SearchBox
          id="subscriber-search"
          label="Search subscribers"
          value={values.q}
          onSearch={(q) => setFilters({ q })}
          placeholder="Email"
        />
      </FilterBar>
      <ListState
        query={query}
        what="the subscribers"
        onPage={setPage}
        pagerLabel="Subscriber pages"
        empty={
          <EmptyState title={values.q ? 'No subscribers match' : 'No subscribers yet'}>
            {values.q ? 'Try another search.' : 'Subscribers appear here when they sign up in the footer.'}
          </EmptyState>
        }
      >
        {(items) => (
          <DataTable label="Subscriber list" caption="Newsletter subscribers" columns={COLUMNS} rows={items} rowKey={(s) => s.id} />
        )}
      </ListState>
    </>
  );
}
