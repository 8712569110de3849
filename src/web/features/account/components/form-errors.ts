import { useMemo } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { MESSAGES } from '@/domain/validation';
import { ApiError } from '@/web/lib/api';
import { PASSWORD_RESET_MESSAGES } from '@/domain/password-reset';
import { useAccountText, type AccountKey } from '@/web/i18n/account-text';
import { knownMessages, type KnownMessage } from '@/web/i18n/known-messages';

/** A message of the form rules (English, as the domain writes it) in the customer's language. */
export type Translate = (message: string) => string;

// The rules' messages a form of the account shows, by the catalogue key that says them. Each
// English catalogue text reads as the domain's (form-errors.test.ts).
export const FORM_MESSAGE_KEYS: ReadonlyArray<KnownMessage<AccountKey>> = [
  [MESSAGES.fillAllFields, 'validation_fillAllFields'],
  [MESSAGES.invalidEmail, 'validation_invalidEmail'],
  [MESSAGES.invalidPhone, 'validation_invalidPhone'],
  [MESSAGES.passwordTooShort, 'validation_passwordTooShort'],
  [
    PASSWORD_RESET_MESSAGES.passwordTooLong,
    'passwordReset_passwordTooLong',
    { max: Number(/\d+/.exec(PASSWORD_RESET_MESSAGES.passwordTooLong)?.[0]) },
  ],
  [PASSWORD_RESET_MESSAGES.passwordsDiffer, 'passwordReset_passwordsDiffer'],
  [PASSWORD_RESET_MESSAGES.linkInvalid, 'passwordReset_linkInvalid'],
];

const say = knownMessages(FORM_MESSAGE_KEYS);

/** Says a rule's message in the customer's language; any other text (the server's) as it is. */
export function useFormMessage(): Translate {
  const t = useAccountText();
  return useMemo(() => (message: string) => say(message, t), [t]);
}

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

/** The field's message to show: the form's own checks' translated, the server's as sent. */
export function fieldError<T extends FieldValues>(errors: FieldErrors<T>, field: Path<T>, translate?: Translate): string | undefined {
  const message = messageOf(errors, field);
  if (message === undefined || !translate || errors[field]?.type === 'server') return message;
  return translate(message);
}

/** The first message of a failed check, in the order the fields appear. */
function firstErrorMessage<T extends FieldValues>(
  errors: FieldErrors<T>,
  fields: readonly Path<T>[],
  translate?: Translate,
): string | undefined {
  for (const field of fields) {
    const message = fieldError(errors, field, translate);
    if (message) return message;
  }
  return undefined;
}

/** handleSubmit's invalid handler: the first failing message again as an error toast. */
export function toastFirstError<T extends FieldValues>(fields: readonly Path<T>[], translate?: Translate) {
  return (errors: FieldErrors<T>) => {
    const message = firstErrorMessage(errors, fields, translate);
    if (message) toast.error(message);
  };
}

/**
 * What each field shows. 'Please fill in all fields' is one message for the whole form
 * (`fillAll`: the form shows it once, above the fields); while it stands the empty fields are only
 * marked invalid, without a message of their own.
 */
export function fieldErrorProps<T extends FieldValues>(errors: FieldErrors<T>, fields: readonly Path<T>[], translate?: Translate) {
  const fillAll = fields.some((f) => messageOf(errors, f) === MESSAGES.fillAllFields);
  return {
    fillAll,
    field: (f: Path<T>) => ({ error: fillAll ? undefined : fieldError(errors, f, translate), invalid: Boolean(errors[f]) }),
  };
}
