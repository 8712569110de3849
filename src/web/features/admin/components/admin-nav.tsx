import { NavLink } from '../../../components/ui/link';
import { cn } from '@/web/lib/cn';
import type { BackOfficeRole } from '@/domain/staff-roles';
import { adminHref, screensFor } from '../admin-screens';

const linksFor = (role: BackOfficeRole) =>
  screensFor(role).flatMap(({ path, nav }) => (nav ? [{ to: adminHref(path), ...nav, end: path === '' }] : []));

/** The back office's sections a role sees: a column on wide screens, wrapping rows on a tablet or phone. */
export function AdminNav({ role }: { role: BackOfficeRole }) {
  const LINKS = linksFor(role);
  return (
    <nav aria-label="Back office">
      <ul className="flex flex-wrap gap-1 lg:flex-col">
        {LINKS.map(({ to, label, icon: Icon, end }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium max-sm:min-h-11',
                  isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-200',
                )
              }
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
