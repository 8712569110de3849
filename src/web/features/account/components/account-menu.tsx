import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { isBackOfficeRole } from '@/domain/staff-roles';
import { ChevronDown, UserRound } from 'lucide-react';
import { Link } from '../../../components/ui/link';
import { useSignOut } from '../use-sign-out';
import { useAccountText } from '@/web/i18n/account-text';
import { useSession } from '../use-session';

const TRIGGER_CLASS =
  'inline-flex min-w-0 max-w-48 items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 max-sm:min-h-11';

const ITEM =
  'block cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none max-sm:py-3 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

// The signed-in customer's menu: Profile, Orders (Back office for admins) and Sign out. Loaded
// lazily by UserMenu, so visitors who are not signed in never download the dropdown.
export default function AccountMenu({ name }: { name: string }) {
  const t = useAccountText();
  const { data } = useSession();
  const signOutNow = useSignOut();

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={TRIGGER_CLASS} aria-label={t('accountMenuFor', { name })}>
        <UserRound aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span className="truncate">{name}</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to="/profile">{t('menuProfile')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to="/orders">{t('menuOrders')}</Link>
          </DropdownMenu.Item>
          {isBackOfficeRole(data?.profile?.role) && (
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to="/admin">{t('menuBackOffice')}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={ITEM} onSelect={() => void signOutNow()}>
            {t('signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
