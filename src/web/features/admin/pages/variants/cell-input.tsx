// An input inside a table cell: named by aria-label (the column header and row say what it is), its
// message shown under it and linked for screen readers.
import type { InputHTMLAttributes } from 'react';
import { Input } from '@/web/components/ui/input';
import { FieldError } from '@/web/components/ui/label';
import { errorProps } from './field-errors';

export function CellInput({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <Input id={id} aria-label={label} {...errorProps(id, error)} {...props} />
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}
