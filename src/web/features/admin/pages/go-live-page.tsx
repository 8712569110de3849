// /admin/go-live: the go-live check, run by the shop with its own settings against the real services
// (the same lines as `npm run go-live:check`): each line OK, to confirm, or to fix with what to do.
// It calls every provider, so it runs when the owner asks, not on opening the page.
import { useQuery } from '@tanstack/react-query';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Alert } from '@/web/components/ui/alert';
import { adminApi, type GoLiveCheckLine } from '../admin-api';
import { PageHeader } from '../components/page-header';

const STATUS: Record<GoLiveCheckLine['status'], { label: string; tone: BadgeTone }> = {
  ok: { label: 'OK', tone: 'success' },
  warning: { label: 'To confirm', tone: 'warning' },
  fail: { label: 'To fix', tone: 'danger' },
};

function CheckRow({ check }: { check: GoLiveCheckLine }) {
  const status = STATUS[check.status];
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 py-3 last:border-0 sm:flex-row sm:gap-4">
      <div className="w-56 shrink-0">
        <Badge tone={status.tone}>{status.label}</Badge> <span className="font-semibold text-slate-900">{check.name}</span>
      </div>
      <div className="text-sm text-slate-700">
        <p>{check.detail}</p>
        {check.fix && <p className="mt-1 text-slate-900">What to do: {check.fix}</p>}
      </div>
    </li>
  );
}

export default function GoLivePage() {
  const check = useQuery({ queryKey: ['admin', 'go-live'], queryFn: adminApi.goLive, enabled: false, retry: false });
  const lines = check.data?.checks ?? [];
  return (
    <>
      <PageHeader
        title="Go-live check"
        description="Checks Pesapal, KRA eTIMS, SMS, mail, Google Maps and the shop's own settings with the settings this shop runs with. Each service is called, so it takes a few seconds."
        actions={
          <Button onClick={() => void check.refetch()} disabled={check.isFetching}>
            {check.isFetching ? 'Checking…' : check.data ? 'Check again' : 'Run the check'}
          </Button>
        }
      />
      {check.isError && (
        <Alert tone="error" title="The check could not run" className="mb-4">
          {check.error.message}
        </Alert>
      )}
      {check.data && (
        <Alert tone={check.data.ok ? 'success' : 'error'} title={check.data.ok ? 'Ready to go live' : 'Not ready yet'} className="mb-4">
          {check.data.ok
            ? 'Nothing to fix. Read the lines to confirm; the sandbox tests in the go-live checklist settle the rest.'
            : 'Fix the lines marked To fix, then check again.'}
        </Alert>
      )}
      {lines.length > 0 && (
        <ul aria-label="Go-live checks" className="rounded-lg border border-slate-200 bg-white px-4">
          {lines.map((l) => (
            <CheckRow key={l.name} check={l} />
          ))}
        </ul>
      )}
    </>
  );
}
