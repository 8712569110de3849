import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { MESSAGES } from '@/domain/validation';
import { ApiError } from '@/web/lib/api';

/** The server's per-field messages (400 answers) shown under the fields they belong to. */
export function showServerFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  if (!(err instanceof ApiError) || !err.fields) return;
  for (const field of fields) {
    const message = err.fields[field];
    if (message) setError(field, { type: 'server', message });
  }
}

function messageOf<T extends FieldValues>(errors: FieldErrors<T>, field: Path<T>): string | undefined {
  const message = errors[field]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The first message of a failed check, in the order the fields appear. */
function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, fields: readonly Path<T>[]): string | undefined {
  for (const field of fields) {
    const message = messageOf(errors, field);
    if (message) return message;
  }
  return undefined;
}

/** handleSubmit's invalid handler: the first failing message again as an error toast. */
export function toastFirstError<T extends FieldValues>(fields: readonly Path<T>[]) {
  return (errors: FieldErrors<T>) => {
    const message = firstErrorMessage(errors, fields);
    if (message) toast.error(message);
  };
}

/**
 * What each field shows. 'Please fill in all fields' is one message for the whole form
 * (`fillAll`: the form shows it once, above the fields); while it stands the empty fields are only
 * marked invalid, without a message of their own.
 */
export function fieldErrorProps<T extends FieldValues>(errors: FieldErrors<T>, fields: readonly Path<T>[]) {
  const fillAll = fields.some((f) => messageOf(errors, f) === MESSAGES.fillAllFields);
  return {
    fillAll,
    field: (f: Path<T>) => ({ error: fillAll ? undefined : messageOf(errors, f), invalid: Boolean(errors[f]) }),
  };
}
