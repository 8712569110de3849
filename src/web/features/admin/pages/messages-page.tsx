// /admin/messages: the contact form's inbox; opening a message marks it read, and it stays on show
// in that view until the merchant changes the filter, search or page (kept-messages.ts).
import { adminApi } from '../admin-api';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { EmptyState, ListState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../components/search-box';
import { useAdminList } from '../hooks/use-admin-list';
import { useKeptMessages } from './kept-messages';
import { MessageItem } from './message-item';

const KEYS = ['q', 'state'] as const;

export default function MessagesPage() {
  const { keep, select } = useKeptMessages();
  const { values, setFilters, setPage, query, filtered } = useAdminList('messages', KEYS, adminApi.messages, { select });
  const about = 'Messages sent from the contact form, newest first.';
  return (
    <>
      <PageHeader title="Messages" description={query.data ? `${query.data.unread} unread. ${about}` : about} />
      <FilterBar>
        <SearchBox
          id="message-search"
          label="Search messages"
          value={values.q}
          onSearch={(q) => setFilters({ q })}
          placeholder="Name, email, subject or text"
        />
        <FilterSelect
          id="message-state"
          label="Show"
          value={values.state}
          onChange={(state) => setFilters({ state })}
          options={[
            ['', 'All'],
            ['unread', 'Unread'],
            ['read', 'Read'],
          ]}
        />
      </FilterBar>
      <ListState
        query={query}
        what="the messages"
        onPage={setPage}
        pagerLabel="Message pages"
        empty={<EmptyState title={filtered ? 'No messages match' : 'No messages yet'} />}
      >
        {(items) => (
          <ul className="space-y-3">
            {items.map((m) => (
              <MessageItem key={m.id} m={m} keep={keep} />
            ))}
          </ul>
        )}
      </ListState>
    </>
  );
}
