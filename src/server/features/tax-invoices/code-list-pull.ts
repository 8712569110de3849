// A pull of KRA's code lists or item classes "changed since lastReqDt", asked once more from a recent
// date when KRA refuses an old one: the shop's first pull asks from 2018 (to get everything), and KRA
// is reported to refuse a lastReqDt older than 7 days (unconfirmed: ETIMS_LAST_REQ_MAX_DAYS).
import type { ServerContext } from '../../context';
import { kraDateTime } from '../../integrations/etims/etims-dates';
import { EtimsError } from '../../integrations/etims/etims-types';

const DAY_MS = 24 * 60 * 60_000;
/** Inside the limit by a minute, so a clock a little ahead of KRA's does not cross it. */
const MARGIN_MS = 60_000;

export async function pullSince<T>(ctx: ServerContext, what: string, since: string, pull: (lastReqDt: string) => Promise<T>): Promise<T> {
  try {
    return await pull(since);
  } catch (err) {
    const recent = kraDateTime(new Date(ctx.now().getTime() - ctx.env.ETIMS_LAST_REQ_MAX_DAYS * DAY_MS + MARGIN_MS));
    if (!(err instanceof EtimsError) || err.kind !== 'refused' || since >= recent) throw err;
    ctx.logger.warn({ since, recent, kra: err.message }, `eTIMS: KRA refused ${what} since ${since}; asking again since ${recent}`);
    return pull(recent);
  }
}
