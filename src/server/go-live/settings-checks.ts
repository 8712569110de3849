// The go-live checks of the shop's own settings: its public address, its session secret, and the
// backups of the embedded database.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { weakAuthSecret } from '../env';
import type { GoLiveCheck } from './go-live-check';

const LOCAL_HOST = /^(localhost|127\.|0\.0\.0\.0|\[::1\]|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/;

export const publicUrlCheck: GoLiveCheck = {
  name: 'Shop address (PUBLIC_URL)',
  async run({ env }) {
    const url = new URL(env.PUBLIC_URL);
    const fix =
      "Set PUBLIC_URL to the shop's public https address, e.g. https://shop.example.co.ke: Pesapal calls it back, and mails and SMS link to it.";
    if (url.protocol !== 'https:') return { ok: false, detail: `${env.PUBLIC_URL} is not https`, fix };
    if (LOCAL_HOST.test(url.host)) return { ok: false, detail: `${env.PUBLIC_URL} is an address of this machine or its network`, fix };
    return { ok: true, detail: `${env.PUBLIC_URL} (https)` };
  },
};

export const authSecretCheck: GoLiveCheck = {
  name: 'Session secret (AUTH_SECRET)',
  async run({ env }) {
    const problem = weakAuthSecret(env.AUTH_SECRET);
    if (problem)
      return { ok: false, detail: problem, fix: 'Set AUTH_SECRET to the output of openssl rand -base64 32, the same on every instance.' };
    return { ok: true, detail: 'set, long and random enough' };
  },
};

const DAY_MS = 24 * 60 * 60_000;

export const backupsCheck: GoLiveCheck = {
  name: 'Backups',
  async run({ env, now }) {
    if (env.DATABASE_URL)
      return {
        ok: true,
        warning: true,
        detail: 'the shop runs on PostgreSQL (DATABASE_URL): it takes no backups of it itself',
        fix: 'Back the server up as its host does, or run npm run db:backup from cron (README, Backups).',
      };
    if (env.BACKUP_KEEP === 0)
      return {
        ok: false,
        detail: 'BACKUP_KEEP=0: no nightly backups of the embedded database',
        fix: 'Unset BACKUP_KEEP (14 nightly backups are kept), and copy DATA_DIR/backups off the machine every day.',
      };
    // backupsDir() of backup/automatic.ts: not imported, as the running shop's control listener (backup/) runs this check.
    const dir = path.join(env.DATA_DIR, 'backups');
    let newest: { name: string; at: Date } | null = null;
    try {
      for (const name of readdirSync(dir)) {
        if (!/^shop-backup-.*-nightly(-\d+)?\.tar\.gz$/.test(name)) continue;
        const at = statSync(path.join(dir, name)).mtime;
        if (!newest || at > newest.at) newest = { name, at };
      }
    } catch {
      // No backups folder yet: the first nightly backup makes it.
    }
    const when = `nightly at ${String(env.BACKUP_HOUR).padStart(2, '0')}:00 Nairobi time, ${env.BACKUP_KEEP} kept in ${dir}`;
    const offMachine =
      'Copy DATA_DIR/backups off this machine every day (README, Backups): a backup on the shop’s own disk does not survive the disk.';
    if (!newest || now().getTime() - newest.at.getTime() > 2 * DAY_MS)
      return {
        ok: true,
        warning: true,
        detail: `${when}; none taken in the last two days (the running shop takes the first at that hour)`,
        fix: `Leave the shop running past ${String(env.BACKUP_HOUR).padStart(2, '0')}:00 and run the check again. ${offMachine}`,
      };
    return { ok: true, detail: `${when}; the newest is ${newest.name}`, fix: offMachine };
  },
};
