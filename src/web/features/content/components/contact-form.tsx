import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { contactMessageSchema } from '@/domain/validation';
import { Button } from '@/web/components/ui/button';
import { Input, Textarea } from '@/web/components/ui/input';
import { FieldError, Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api';
import { sendContactMessage, type ContactMessageInput } from '../api';
import { useContentText } from '../../../i18n/content-text';

const FIELDS = [
  { name: 'name', label: 'fieldName', autoComplete: 'name', type: 'text' },
  { name: 'email', label: 'fieldEmail', autoComplete: 'email', type: 'email' },
  { name: 'subject', label: 'fieldSubject', autoComplete: 'off', type: 'text' },
] as const;

/** Name, email, subject and message, all required; stored for the merchant (on Home and /contact). */
export default function ContactForm({ idPrefix = 'contact' }: { idPrefix?: string }) {
  const t = useContentText();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ContactMessageInput, unknown, ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setSent(null);
    try {
      const { message } = await sendContactMessage(values);
      toast.success(message);
      setSent(message);
      form.reset();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) {
          form.setError(field as keyof ContactMessageInput, { message });
        }
      }
      // 400 (what to fix) and 429 (how long to wait) carry a message meant for the visitor.
      const own = err instanceof ApiError && (err.status === 400 || err.status === 429) && err.message;
      toast.error(own || t('sendFailed'));
    }
  });

  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('contactForm')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.name} className={f.name === 'subject' ? 'sm:col-span-2' : undefined}>
            <Label htmlFor={id(f.name)}>{t(f.label)}</Label>
            <Input
              id={id(f.name)}
              type={f.type}
              autoComplete={f.autoComplete}
              aria-required="true"
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? id(`${f.name}-error`) : undefined}
              {...form.register(f.name)}
            />
            <FieldError id={id(`${f.name}-error`)} message={errors[f.name]?.message} />
          </div>
        ))}
      </div>
      <div>
        <Label htmlFor={id('message')}>{t('fieldMessage')}</Label>
        <Textarea
          id={id('message')}
          rows={5}
          aria-required="true"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? id('message-error') : undefined}
          {...form.register('message')}
        />
        <FieldError id={id('message-error')} message={errors.message?.message} />
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('sending') : t('sendMessage')}
      </Button>
      <p role="status" className="text-sm font-medium text-green-800">
        {sent}
      </p>
    </form>
  );
}
