// Messages per field for the variant forms, whether the shared schema found them in the browser or
// the API answered them: both are keyed by the API's field path ('variants.2.priceCents').
import type { z } from 'zod';
import { ApiError } from '@/web/lib/api';

export type FieldMessages = Record<string, string>;

export function zodFields(error: z.ZodError): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error.issues) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
}

export function apiFields(err: unknown): FieldMessages {
  return err instanceof ApiError && err.fields ? err.fields : {};
}

/** The input's props that tie its message to it for screen readers. */
export function errorProps(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}
