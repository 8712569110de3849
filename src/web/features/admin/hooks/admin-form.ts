// What every back-office form does the same way: fields bound with their id and message, a submit
// that checks with the shared zod schema first (the first problem as a toast), saves (the values
// as typed, and as the schema made them: a price in KES becomes priceCents), and puts the server's
// field messages under the fields they belong to.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { ApiError, errorMessage } from '@/web/lib/api';
import { showServerFieldErrors, toastFirstError } from '../../account/components/form-errors';

/** id, error message and register() of a field, spread into TextInput, TextArea or SelectInput. */
export function fieldBinder<T extends FieldValues, TOut>(form: UseFormReturn<T, unknown, TOut>, idPrefix: string) {
  return (name: Path<T>) => ({
    id: `${idPrefix}-${name.replace(/\./g, '-')}`,
    error: form.getFieldState(name, form.formState).error?.message,
    ...form.register(name),
  });
}

/** The form's onSubmit: check, then save; a failure keeps the form as it is. */
export function adminSubmit<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  fields: readonly Path<T>[],
  save: (values: T, parsed: TOut) => Promise<unknown>,
  failure: string,
  /** The form's name of a field the API names otherwise (priceCents is the form's price). */
  formNames: Readonly<Record<string, Path<T>>> = {},
) {
  return form.handleSubmit(async (parsed) => {
    try {
      await save(form.getValues(), parsed);
    } catch (err) {
      showServerFieldErrors(withFormNames(err, formNames), form.setError, fields);
      toast.error(errorMessage(err, failure));
    }
  }, toastFirstError(fields));
}

function withFormNames(err: unknown, names: Readonly<Record<string, string>>): unknown {
  if (!(err instanceof ApiError) || !err.fields) return err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([name, message]) => [names[name] ?? name, message]));
  return new ApiError(err.status, err.code, err.message, fields, err.orderId);
}
