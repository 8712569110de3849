// What every back-office form does the same way: fields bound with their id and message, a submit
// that checks with the shared zod schema first (the first problem as a toast), sends the values as
// typed (the API parses them with the same schema), and puts the server's field messages under
// the fields they belong to.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { errorMessage } from '@/web/lib/api';
import { showServerFieldErrors, toastFirstError } from '../../account/components/form-errors';

/** id, error message and register() of a field, spread into TextInput, TextArea or SelectInput. */
export function fieldBinder<T extends FieldValues, TOut>(form: UseFormReturn<T, unknown, TOut>, idPrefix: string) {
  return (name: Path<T>) => ({
    id: `${idPrefix}-${name.replace(/\./g, '-')}`,
    error: form.getFieldState(name, form.formState).error?.message,
    ...form.register(name),
  });
}

/** The form's onSubmit: check, then save the values as typed; a failure keeps the form as it is. */
export function adminSubmit<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  fields: readonly Path<T>[],
  save: (values: T) => Promise<unknown>,
  failure: string,
) {
  return form.handleSubmit(async () => {
    try {
      await save(form.getValues());
    } catch (err) {
      showServerFieldErrors(err, form.setError, fields);
      toast.error(errorMessage(err, failure));
    }
  }, toastFirstError(fields));
}
