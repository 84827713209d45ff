import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { StaffFormScreen } from '@/features/staff/staff-form-screen';
import { staffIdParam } from '@/features/staff/staff-search';

/** /createupdatestaff/{staffId}: edit one staff member (its history, position & role, delete/deactivate). */
export const Route = createFileRoute('/createupdatestaff/$staffId')({
  component: function EditStaffRoute() {
    const navigate = Route.useNavigate();
    const id = staffIdParam(Route.useParams().staffId);
    if (!id) return <NotFound />;
    return <StaffFormScreen key={id} staffId={id} onSaved={() => undefined} onBack={() => navigate({ to: '/listingstaff' })} />;
  },
});
