// Messages the merchant opened stay on show in the view they were opened in (this address: filter,
// search and page), although the refetched list may no longer have them: opening marks a message
// read, which drops it from the Unread view before its text could be read. A new view starts empty.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ContactMessageView, MessageList } from '../admin-api';

type Kept = ReadonlyMap<string, ContactMessageView>;
const NONE: Kept = new Map();

const newestFirst = (a: ContactMessageView, b: ContactMessageView) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/** The list as the server sent it, with the kept messages it no longer has put back in date order. */
function withKept(list: MessageList, kept: Kept): MessageList {
  const listed = new Set(list.items.map((m) => m.id));
  const missing = [...kept.values()].filter((m) => !listed.has(m.id));
  return missing.length === 0 ? list : { ...list, items: [...list.items, ...missing].sort(newestFirst) };
}

export function useKeptMessages() {
  const [search] = useSearchParams();
  const view = search.toString();
  const [kept, setKept] = useState<{ view: string; byId: Kept }>({ view, byId: NONE });
  const byId = kept.view === view ? kept.byId : NONE;
  // Forget the last view's messages, so coming back to it later starts from the server's list.
  useEffect(() => setKept((prev) => (prev.view === view ? prev : { view, byId: NONE })), [view]);

  /** Keeps a message on show; with onlyIfKept, just refreshes one already kept (after Mark read/unread). */
  const keep = useCallback(
    (message: ContactMessageView, onlyIfKept = false) =>
      setKept((prev) => {
        const current = prev.view === view ? prev.byId : NONE;
        if (onlyIfKept && !current.has(message.id)) return prev;
        return { view, byId: new Map(current).set(message.id, message) };
      }),
    [view],
  );
  /** For the list query's select. */
  const select = useCallback((list: MessageList) => withKept(list, byId), [byId]);
  return { keep, select };
}
