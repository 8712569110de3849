// One LISTEN per server instance: every NOTIFY on 'shop_events' is fanned out in memory to the event
// streams of the user the event belongs to, and to nobody else; and every order event to the back
// office's staff streams (opened only behind the admin gate).
import type { Database } from '../../db/client';
import type { Logger } from '../../infra/logger';
import type { StaffLiveEvent } from '@/domain/live-event';
import { parseShopEvent, toBrowserEvent, toStaffEvent, type BrowserEvent } from './realtime-event';

export const SHOP_EVENTS_CHANNEL = 'shop_events';

export type EventSink = (event: BrowserEvent) => void;
type StaffEventSink = (event: StaffLiveEvent) => void;

export interface RealtimeHub {
  /**
   * Starts delivering userId's events to sink; returns the unsubscribe function. onReset runs when
   * events may have been missed (the database connection was re-established): end the stream so the
   * browser reconnects and refetches.
   */
  subscribe(userId: string, sink: EventSink, onReset?: () => void): () => void;
  /** Open streams of one user (for the per-user cap). */
  connectionCount(userId: string): number;
  /** Like subscribe, for a back-office stream: every order's events. The caller checked the admin. */
  subscribeStaff(userId: string, sink: StaffEventSink, onReset?: () => void): () => void;
  /** Open back-office streams of one admin (for the same cap). */
  staffConnectionCount(userId: string): number;
  /** Open streams of everyone: customers' own and the back office's. */
  streamCounts(): LiveStreamCounts;
  /** Ends every open stream (their browsers reconnect, to another instance) and stops listening. */
  stop(): Promise<void>;
}

export interface LiveStreamCounts {
  customer: number;
  staff: number;
}

const countStreams = (byUser: Map<string, Set<unknown>>) => {
  let n = 0;
  for (const sinks of byUser.values()) n += sinks.size;
  return n;
};

export async function createRealtimeHub(database: Database, logger: Logger): Promise<RealtimeHub> {
  const sinksByUser = new Map<string, Set<EventSink>>();
  const staffSinksByUser = new Map<string, Set<StaffEventSink>>();
  const resets = new Set<() => void>();

  const offer = <E>(sinks: Iterable<(event: E) => void>, event: E) => {
    for (const sink of sinks) {
      try {
        sink(event);
      } catch (err) {
        logger.warn({ err }, 'a realtime stream failed to take an event');
      }
    }
  };

  const deliver = (payload: string) => {
    const event = parseShopEvent(payload);
    if (!event) {
      logger.warn({ channel: SHOP_EVENTS_CHANNEL }, 'ignored a malformed realtime notification');
      return;
    }
    const staffEvent = staffSinksByUser.size > 0 ? toStaffEvent(event) : null;
    if (staffEvent) for (const sinks of staffSinksByUser.values()) offer(sinks, staffEvent);
    const sinks = sinksByUser.get(event.userId);
    if (!sinks || event.staffOnly) return;
    offer(sinks, toBrowserEvent(event));
  };

  function subscribeTo<S>(byUser: Map<string, Set<S>>, userId: string, sink: S, onReset?: () => void): () => void {
    if (onReset) resets.add(onReset);
    let sinks = byUser.get(userId);
    if (!sinks) {
      sinks = new Set();
      byUser.set(userId, sinks);
    }
    sinks.add(sink);
    return () => {
      if (onReset) resets.delete(onReset);
      const current = byUser.get(userId);
      if (!current) return;
      current.delete(sink);
      if (current.size === 0) byUser.delete(userId);
    };
  }

  const resetAll = () => {
    for (const reset of [...resets]) reset();
  };
  const unlisten = await database.listen(SHOP_EVENTS_CHANNEL, deliver, () => {
    logger.warn('realtime: the listening connection was re-established; streams restart');
    resetAll();
  });

  return {
    subscribe: (userId, sink, onReset) => subscribeTo(sinksByUser, userId, sink, onReset),
    connectionCount: (userId) => sinksByUser.get(userId)?.size ?? 0,
    subscribeStaff: (userId, sink, onReset) => subscribeTo(staffSinksByUser, userId, sink, onReset),
    staffConnectionCount: (userId) => staffSinksByUser.get(userId)?.size ?? 0,
    streamCounts: () => ({ customer: countStreams(sinksByUser), staff: countStreams(staffSinksByUser) }),
    async stop() {
      resetAll();
      sinksByUser.clear();
      staffSinksByUser.clear();
      resets.clear();
      await unlisten();
    },
  };
}

// Created on the first stream of a context (not at start), so tests and tools that never open a
// stream never LISTEN. Keyed by the database handle: one hub per instance.
const hubs = new WeakMap<Database, Promise<RealtimeHub>>();

export function realtimeHubFor(database: Database, logger: Logger): Promise<RealtimeHub> {
  let hub = hubs.get(database);
  if (!hub) {
    hub = createRealtimeHub(database, logger);
    hubs.set(database, hub);
    // A failed LISTEN must not stick: the next stream tries again.
    hub.catch(() => hubs.delete(database));
  }
  return hub;
}

/** The instance's open streams; none before its first stream started the hub (no hub is started here). */
export async function liveStreamCounts(database: Database): Promise<LiveStreamCounts> {
  const hub = await hubs.get(database)?.catch(() => null);
  return hub?.streamCounts() ?? { customer: 0, staff: 0 };
}

/**
 * At shutdown: ends this instance's open streams so the HTTP server can close at once (an open
 * stream would hold it until the forced exit, before the database is closed cleanly).
 */
export async function stopRealtimeHub(database: Database): Promise<void> {
  const hub = hubs.get(database);
  if (!hub) return;
  hubs.delete(database);
  await (await hub.catch(() => null))?.stop();
}
