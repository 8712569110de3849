// One contact message in the inbox: who sent it and when, Read (opens it and marks it read) and
// Mark read / unread.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNairobiDateTime } from '@/domain/nairobi-days';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { toast } from '@/web/lib/toast';
import { adminApi, type ContactMessageView } from '../admin-api';
import { TRY_AGAIN } from '../hooks/use-admin-action';

export function MessageItem({ m, keep }: { m: ContactMessageView; keep(message: ContactMessageView, onlyIfKept?: boolean): void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mark = useMutation({
    mutationFn: (read: boolean) => adminApi.markMessage(m.id, read),
    onSuccess: async ({ message }) => {
      keep(message, true);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (err) => toast.error(errorMessage(err, TRY_AGAIN)),
  });
  const unread = m.readAt === null;
  const bodyId = `message-${m.id}`;
  const toggle = () => {
    setOpen(!open);
    if (open) return;
    // Kept on show in this view, so the refetch after marking it read cannot take it away.
    keep(m);
    if (unread) mark.mutate(true);
  };
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
            {m.name} ·{' '}
            <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`} className="text-brand-700 underline">
              {m.email}
            </a>{' '}
            · {formatNairobiDateTime(m.createdAt)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
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
