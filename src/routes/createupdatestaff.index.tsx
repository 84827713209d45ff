import { createFileRoute } from '@tanstack/react-router';
import { StaffFormScreen } from '@/features/staff/staff-form-screen';

/**
 * /createupdatestaff: a new staff member; once saved, its edit screen. An index route (not createupdatestaff.tsx) so
 * that /createupdatestaff/{staffId} is its sibling rather than a child rendered inside it.
 */
export const Route = createFileRoute('/createupdatestaff/')({
  component: function NewStaffRoute() {
    const navigate = Route.useNavigate();
    return (
      <StaffFormScreen
        onSaved={(id) => navigate({ to: '/createupdatestaff/$staffId', params: { staffId: String(id) }, replace: true })}
        onBack={() => navigate({ to: '/listingstaff' })}
      />
    );
  },
});
