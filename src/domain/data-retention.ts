// The retention job's cut-off times: a row older than its cut-off is deleted (or, for a back-office
// log entry, its details blanked). Periods are the shop's settings (docs/privacy.md).
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionPeriods {
  /** Days after a sign-in code or link expired. */
  verificationDays: number;
  /** Days after a session expired. */
  sessionDays: number;
  /** Days after an SMS or mail was sent (or given up). */
  messageDays: number;
  /** Days a saved cart may sit untouched. */
  savedCartDays: number;
  /** Days a back-office log entry keeps its details. */
  auditDetailDays: number;
  /** Years a deleted customer's orders keep a business buyer's PIN and name. */
  taxRecordYears: number;
}

export interface RetentionCutoffs {
  verification: Date;
  session: Date;
  message: Date;
  savedCart: Date;
  auditDetail: Date;
  taxRecord: Date;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export function retentionCutoffs(now: Date, p: RetentionPeriods): RetentionCutoffs {
  const taxRecord = new Date(now);
  taxRecord.setUTCFullYear(taxRecord.getUTCFullYear() - p.taxRecordYears);
  return {
    verification: daysBefore(now, p.verificationDays),
    session: daysBefore(now, p.sessionDays),
    message: daysBefore(now, p.messageDays),
    savedCart: daysBefore(now, p.savedCartDays),
    auditDetail: daysBefore(now, p.auditDetailDays),
    taxRecord,
  };
}
