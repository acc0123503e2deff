// /admin: content management (SPEC section 2). The server only renders it for a signed-in admin.
import { useApp } from '../app-context';
import { AdminApp } from '../admin/admin-app';
import type { AdminPageProps } from '../../controllers/admin/page';

export default function AdminPage(props: AdminPageProps) {
  const { lang } = useApp();
  // A language switch is a new page for the admin screens: start their state afresh.
  return <AdminApp key={lang} {...props} />;
}
