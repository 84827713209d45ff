import { can } from '@contract/roles';
import { useSession, userRole } from '@/lib/session';
import { RosterDashboard } from './roster-dashboard';
import { WelcomeCard } from './welcome-card';

/** '/': the roster dashboard for roles with the Dashboard permission, a welcome card for the others (§6). */
export function DashboardScreen() {
  const session = useSession();
  const role = userRole(session?.user);
  if (!session) return null;
  return can(role.name, 'dashboard') ? <RosterDashboard user={session.user} /> : <WelcomeCard user={session.user} />;
}
