// /admin/staff (the owner's): the shop's owners, staff and riders, and adding a person by the email
// of their account or the phone number they sign in with, or creating the account: by email (they
// get a mail to choose a password) or by phone alone (they sign in with a code by SMS). A role is
// changed or taken away on the person's customer page.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from '../../../components/ui/link';
import type { z } from 'zod';
import { formatPhone } from '@/domain/phone';
import { ROLE_LABELS, ROLE_POWERS, staffInviteSchema } from '@/domain/staff-roles';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { toast } from '@/web/lib/toast';
import { adminApi, type StaffMemberView } from '../admin-api';
import { DataTable, type Column } from '../components/data-table';
import { SelectInput, TextInput } from '../components/form-field';
import { EmptyState, QueryState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';

type InviteForm = z.input<typeof staffInviteSchema>;
const FIELDS = ['email', 'role', 'fullName', 'phone'] as const;

const COLUMNS: Column<StaffMemberView>[] = [
  {
    header: 'Person',
    cell: (m) => (
      <>
        <Link to={`/admin/customers/${m.id}`} className="font-medium text-brand-700 hover:underline">
          {m.name || m.email || formatPhone(m.phone ?? '')}
        </Link>
        {m.email && <span className="block text-slate-600">{m.email}</span>}
      </>
    ),
  },
  { header: 'Role', cell: (m) => <Badge tone="brand">{ROLE_LABELS[m.role]}</Badge> },
  { header: 'Phone', className: 'text-slate-700', cell: (m) => (m.phone ? formatPhone(m.phone) : '—') },
];

function InviteFormCard() {
  const queryClient = useQueryClient();
  const form = useForm<InviteForm, unknown, z.output<typeof staffInviteSchema>>({
    resolver: zodResolver(staffInviteSchema),
    defaultValues: { email: '', role: 'staff', fullName: '', phone: '' },
  });
  const field = fieldBinder(form, 'staff');
  const role = form.watch('role');
  const save = async (values: InviteForm) => {
    const { member, created } = await adminApi.inviteStaff(values);
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    form.reset();
    const phone = formatPhone(member.phone ?? '');
    toast.success(
      !created
        ? `${member.name || member.email || phone} is now: ${ROLE_LABELS[member.role]}.`
        : member.email
          ? `Account created for ${member.email} (${ROLE_LABELS[member.role]}). They were mailed a link to choose a password.`
          : `Account created for ${member.name} (${ROLE_LABELS[member.role]}). They sign in with a code by SMS to ${phone}.`,
    );
  };
  const busy = form.formState.isSubmitting;
  return (
    <Card>
      <CardContent>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Add a person</h2>
        <form
          noValidate
          aria-label="Add a person"
          className="space-y-4"
          onSubmit={adminSubmit(form, FIELDS, save, 'The person could not be added. Please try again.')}
        >
          <TextInput label="Email (optional with a phone)" type="email" autoComplete="off" {...field('email')} />
          <SelectInput label="Role" hint={ROLE_POWERS[role]} {...field('role')}>
            <option value="staff">{ROLE_LABELS.staff}</option>
            <option value="rider">{ROLE_LABELS.rider}</option>
            <option value="owner">{ROLE_LABELS.owner}</option>
          </SelectInput>
          <p className="text-sm text-slate-600">
            No account yet? Give their name and phone and one is created. With a phone alone, they sign in with a code by SMS.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput label="Full name (new account)" autoComplete="off" {...field('fullName')} />
            <TextInput label="Phone (a rider's stops come by SMS)" type="tel" autoComplete="off" {...field('phone')} />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Adding…' : 'Add person'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export default function StaffPage() {
  const query = useQuery({ queryKey: ['admin', 'staff'], queryFn: adminApi.staff });
  return (
    <>
      <PageHeader title="Staff and riders" description="Who can open the back office, and what each may do." />
      <div className="grid gap-6 lg:grid-cols-2">
        <QueryState query={query} what="the staff">
          {({ items }) =>
            items.length === 0 ? (
              <EmptyState title="Nobody yet" />
            ) : (
              <DataTable label="Staff and riders" caption="The shop's people" columns={COLUMNS} rows={items} rowKey={(m) => m.id} />
            )
          }
        </QueryState>
        <InviteFormCard />
      </div>
    </>
  );
}
