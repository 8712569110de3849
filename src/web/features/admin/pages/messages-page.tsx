// /admin/messages: the contact form's inbox; opening a message marks it read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { formatNairobiDateTime } from '../../../../domain/nairobi-days';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api';
import { adminApi, type ContactMessageView } from '../admin-api';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { EmptyState, ListState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../components/search-box';
import { TRY_AGAIN } from '../hooks/use-admin-action';
import { useAdminList } from '../hooks/use-admin-list';

const KEYS = ['q', 'state'] as const;

function Message({ m }: { m: ContactMessageView }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mark = useMutation({
    mutationFn: (read: boolean) => adminApi.markMessage(m.id, read),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    onError: (err) => toast.error(errorMessage(err, TRY_AGAIN)),
  });
  const unread = m.readAt === null;
  const bodyId = `message-${m.id}`;
  return (
    <li className={cn('rounded-lg border bg-white p-4', unread ? 'border-brand-600' : 'border-slate-200')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">
            {unread && (
              <Badge tone="brand" className="mr-2">
                New
              </Badge>
            )}
            {m.subject}
          </p>
          <p className="text-sm text-slate-600">
            {m.name} · <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`} className="text-brand-700 underline">{m.email}</a> · {formatNairobiDateTime(m.createdAt)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => {
              setOpen((o) => !o);
              if (!open && unread) mark.mutate(true);
            }}
          >
            {open ? 'Hide' : 'Read'}
          </Button>
          <Button variant="ghost" size="sm" disabled={mark.isPending} onClick={() => mark.mutate(unread)}>
            Mark {unread ? 'read' : 'unread'}
          </Button>
        </div>
      </div>
      <p id={bodyId} hidden={!open} className="mt-3 whitespace-pre-line text-slate-800">
        {m.message}
      </p>
    </li>
  );
}

export default function MessagesPage() {
  const { values, setFilters, setPage, query, filtered } = useAdminList('messages', KEYS, adminApi.messages);
  const about = 'Messages sent from the contact form, newest first.';
  return (
    <>
      <PageHeader title="Messages" description={query.data ? `${query.data.unread} unread. ${about}` : about} />
      <FilterBar>
        <SearchBox id="message-search" label="Search messages" value={values.q} onSearch={(q) => setFilters({ q })} placeholder="Name, email, subject or text" />
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
              <Message key={m.id} m={m} />
            ))}
          </ul>
        )}
      </ListState>
    </>
  );
}
