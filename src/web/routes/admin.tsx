import { AdminApp } from '../features/admin/admin-app';

// /admin/*: the back office (its own layout and lazily loaded screens).
export default function Admin() {
  return <AdminApp />;
}
