import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { CONFIRM_EMAIL_PARAM } from '@/domain/phone-sign-in';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { ConfirmEmail } from '../features/account/components/confirm-email';
import { ConsentsPanel } from '../features/account/components/consents-panel';
import { DataDownload } from '../features/account/components/data-download';
import { ProfileDetails } from '../features/account/components/profile-details';
import { ProfileForm } from '../features/account/components/profile-form';
import { useSession } from '../features/account/use-session';
import { DeleteAccount } from '../features/privacy/components/delete-account';
import { useDocumentMeta } from '../lib/document-title';
import { useAccountText } from '../i18n/account-text';

// /profile (inside RequireAuth, so the session is loaded and signed in).
export default function Profile() {
  const t = useAccountText();
  useDocumentMeta(t('myProfile'));
  const { data } = useSession();
  const [editing, setEditing] = useState(false);
  const confirmToken = new URLSearchParams(useLocation().search).get(CONFIRM_EMAIL_PARAM);
  if (!data) return null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('myProfile')}</h1>
      <p className="mb-6 mt-1 text-slate-600">{t('manageAccount')}</p>
      <Card>
        <CardContent>
          {confirmToken && <ConfirmEmail token={confirmToken} />}
          {editing ? (
            <ProfileForm session={data} onDone={() => setEditing(false)} />
          ) : (
            <>
              <ProfileDetails session={data} />
              <Button className="mt-4" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                {t('edit')}
              </Button>
            </>
          )}
          <ConsentsPanel />
          <DataDownload />
        </CardContent>
      </Card>
      <DeleteAccount />
    </section>
  );
}
