// A confirm dialog that asks why (cancel reason, refund reason, resolution note): the text is
// checked with the same domain schema the API parses, and the dialog stays open on a problem.
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ButtonVariant } from '@/web/components/ui/button';
import { ConfirmDialog } from './confirm-dialog';
import { TextArea } from './form-field';

export interface ReasonDialogProps<K extends string> {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  cancelLabel?: string;
  /** The schema's one text field, e.g. 'reason'. */
  field: K;
  schema: z.ZodType<Record<K, string>>;
  id: string;
  label: string;
  hint?: string;
  /** Resolves whether it worked (the dialog closes and the text is cleared). */
  onSubmit(text: string): Promise<boolean>;
}

export function ReasonDialog<K extends string>({ field, schema, id, label, hint, onSubmit, ...dialog }: ReasonDialogProps<K>) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = async () => {
    const parsed = schema.safeParse({ [field]: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return false;
    }
    const done = await onSubmit(parsed.data[field]);
    if (done) setText('');
    return done;
  };
  return (
    <ConfirmDialog {...dialog} onConfirm={confirm}>
      <TextArea
        id={id}
        label={label}
        rows={3}
        value={text}
        error={error}
        hint={hint}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
