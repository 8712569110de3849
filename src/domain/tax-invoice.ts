// What a KRA eTIMS tax invoice prints: the control unit's signed details, the verification link its
// QR code carries, and the tax summary per band. Formats follow what KRA's receipt template shows:
// internal data and signature in groups of four joined by '-', the control unit's date as dd/mm/yyyy
// and its time as hh:mm:ss in Nairobi time.
import { NAIROBI_OFFSET_MS } from './peak-hours';

export type EtimsEnvironment = 'sandbox' | 'production';

const VERIFICATION_HOSTS: Record<EtimsEnvironment, string> = {
  sandbox: 'https://etims-sbx.kra.go.ke',
  production: 'https://etims.kra.go.ke',
};

/**
 * The receipt's QR code target on KRA's verification portal. `Data` is the 11-character PIN, the
 * 2-character branch id and the 16-character receipt signature, joined with no separator.
 */
export function kraVerificationUrl(pin: string, branchId: string, signature: string, environment: EtimsEnvironment = 'production'): string {
  const data = `${pin}${branchId}${signature}`.replace(/\s+/g, '');
  return `${VERIFICATION_HOSTS[environment]}/common/link/etims/receipt/indexEtimsReceiptData?Data=${encodeURIComponent(data)}`;
}

/** 'SZBBFW4DCZ7HAGPH' → 'SZBB-FW4D-CZ7H-AGPH'. */
export function groupsOfFour(value: string): string {
  return (value.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join('-');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The control unit's date and time as printed: { date: '02/03/2026', time: '10:12:05' } (Nairobi). */
export function controlUnitDateTime(at: Date): { date: string; time: string } {
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid date');
  const local = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  return {
    date: `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`,
  };
}

/** 1600 → '16%', 800 → '8%', 0 → '0%', 1650 → '16.5%'. */
export function formatRateBp(rateBp: number): string {
  return `${(rateBp / 100).toString()}%`;
}
