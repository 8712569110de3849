// The profile's 'Delete my account': a button that opens an inline confirmation asking the customer to
// type DELETE (the one check every sign-in kind can give: password, SMS code or Google). On success she
// is signed out in every tab and told what was deleted and what the tax records keep.
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETION_MESSAGES, DELETE_CONFIRMATION_WORD } from '@/domain/account-deletion';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { TextField } from '@/web/components/ui/text-field';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useAccountText } from '@/web/i18n/account-text';
import { dropPrivateQueries } from '../../account/private-queries';
import { announceSessionChange } from '../../account/session-events';
import { sessionQueryKey, type SessionInfo } from '../../account/use-session';
import { deleteMyAccount } from '../account-deletion-api';

export function DeleteAccount() {
  const t = useAccountText();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // The confirmation takes the focus when it opens, so a keyboard user lands where she types; a
  // cancelled one gives it back to the button.
  useEffect(() => {
    if (open) input.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = () => {
    setOpen(false);
    setTyped('');
    setError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (typed.trim() !== DELETE_CONFIRMATION_WORD) {
      setError(ACCOUNT_DELETION_MESSAGES.confirm);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { message } = await deleteMyAccount(typed.trim());
      announceSessionChange();
      queryClient.setQueryData<SessionInfo>(sessionQueryKey, (old) => old && { ...old, user: null, profile: null });
      dropPrivateQueries(queryClient);
      toast.success(message);
      navigate('/', { replace: true });
    } catch (err) {
      setError(errorMessage(err, t('deleteFailed')));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="delete-account-heading" className="mt-8 rounded-lg border border-red-200 bg-white p-6">
      <h2 id="delete-account-heading" className="text-lg font-semibold text-slate-900">
        {t('deleteHeading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('deleteLead')}</p>
      {!open ? (
        <Button ref={opener} variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('deleteMyAccount')}
        </Button>
      ) : (
        <form aria-label={t('confirmDeletion')} noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-3">
          <p className="text-sm font-medium text-red-800">{t('deleteWarning')}</p>
          <TextField
            ref={input}
            id="delete-account-confirm"
            label={t('typeToConfirm', { word: DELETE_CONFIRMATION_WORD })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') close();
            }}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? t('deleting') : t('deletePermanently')}
            </Button>
            <Button variant="outline" onClick={close} disabled={busy}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
