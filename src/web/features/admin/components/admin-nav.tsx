import { NavLink } from 'react-router';
import {
  ClipboardList,
  FileText,
  Gauge,
  History,
  Mail,
  MapPin,
  Newspaper,
  Package,
  Send,
  Store,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/web/lib/cn';

const LINKS: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: '/admin', label: 'Dashboard', icon: Gauge, end: true },
  { to: '/admin/orders', label: 'Orders', icon: ClipboardList },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/posts', label: 'Blog posts', icon: Newspaper },
  { to: '/admin/pages', label: 'Pages', icon: FileText },
  { to: '/admin/newsletter', label: 'Newsletter', icon: Send },
  { to: '/admin/messages', label: 'Messages', icon: Mail },
  { to: '/admin/delivery', label: 'Delivery', icon: MapPin },
  { to: '/admin/shop-details', label: 'Shop details', icon: Store },
  { to: '/admin/audit', label: 'Audit log', icon: History },
];

/** The back office's sections: a column on wide screens, wrapping rows on a tablet or phone. */
export function AdminNav() {
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
                  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium',
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
