// The back office's live streams are long-lived: the admin gate ran once, when each was opened.
// Every few seconds one query checks all of this instance's open staff streams at once: a stream
// whose session was signed out, revoked or expired, or whose person may no longer see the live
// feed (a role changed), is ended. The database is the truth, so a change made on another instance
// sharing it is seen too.
import { and, eq, gt, inArray } from 'drizzle-orm';
import { isBackOfficeRole } from '@/domain/staff-roles';
import type { Database, Db } from '../../db/client';
import { profiles, session } from '../../db/schema';
import type { Logger } from '../../infra/logger';
import { roleMayCall, type GrantedRole } from '../../back-office/admin-access';

interface WatchedStream {
  sessionId: string;
  /** Who besides the owner may watch: the roles the stream's route declared when the gate let it open. */
  roles: readonly GrantedRole[];
  /** Ends the stream (its browser reconnects, and the gate decides again). */
  end: () => void;
}

export interface StaffStreamWatch {
  /** Watches a stream until the returned function is called (the stream ended on its own). */
  watch(stream: WatchedStream): () => void;
  /** One check of every watched stream now (the timer's work). */
  check(): Promise<void>;
}

/** Whether the session's person may still see the stream: their role now, against the route's. */
const mayWatch = (stream: WatchedStream, role: string | null | undefined) => isBackOfficeRole(role) && roleMayCall(role, stream.roles);

function createStaffStreamWatch(db: Db, logger: Logger, intervalMs: number): StaffStreamWatch {
  const streams = new Set<WatchedStream>();
  let timer: NodeJS.Timeout | null = null;
  let checking = false;

  const endAll = (ended: Iterable<WatchedStream>) => {
    for (const stream of [...ended]) {
      streams.delete(stream);
      stream.end();
    }
  };

  async function check(): Promise<void> {
    if (checking || streams.size === 0) return;
    checking = true;
    const watched = [...streams];
    try {
      const ids = [...new Set(watched.map((s) => s.sessionId))];
      // better-auth judges expiry by the real clock, so the same clock is used here.
      const rows = await db
        .select({ id: session.id, role: profiles.role })
        .from(session)
        .innerJoin(profiles, eq(profiles.id, session.userId))
        .where(and(inArray(session.id, ids), gt(session.expiresAt, new Date())));
      const roles = new Map(rows.map((r) => [r.id, r.role]));
      endAll(watched.filter((s) => !mayWatch(s, roles.get(s.sessionId))));
    } catch (err) {
      // Unchecked is not trusted: the streams end, and each reconnect passes the gate again.
      logger.warn({ err }, 'the back office live streams could not be checked; they restart');
      endAll(watched);
    } finally {
      checking = false;
    }
  }

  const tick = () => {
    void check();
  };

  return {
    watch(stream) {
      streams.add(stream);
      if (!timer) {
        timer = setInterval(tick, intervalMs);
        // A check due must not keep a stopping process alive.
        timer.unref();
      }
      return () => {
        streams.delete(stream);
        if (streams.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    check,
  };
}

// One watch per instance, as the realtime hub.
const watches = new WeakMap<Database, StaffStreamWatch>();

export function staffStreamWatchFor(database: Database, db: Db, logger: Logger, intervalMs: number): StaffStreamWatch {
  let watch = watches.get(database);
  if (!watch) {
    watch = createStaffStreamWatch(db, logger, intervalMs);
    watches.set(database, watch);
  }
  return watch;
}
