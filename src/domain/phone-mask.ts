// Phone numbers are shown masked on payment screens so a shared
// screen does not leak the full number.

export function maskPhone(p: string | null | undefined): string {
  const phone = p?.trim() ?? '';
  if (phone === '') return 'N/A';
  if (phone.length < 6) return '***';
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 6)}${phone.slice(-3)}`;
}
