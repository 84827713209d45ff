import { createFileRoute } from '@tanstack/react-router';
import { LeaveFormScreen } from '@/features/leave/leave-form-screen';

export const Route = createFileRoute('/createleave/$leaveId')({
  component: function EditLeaveRoute() {
    const { leaveId } = Route.useParams();
    return <LeaveFormScreen leaveId={/^\d{1,9}$/.test(leaveId) ? Number(leaveId) : -1} />;
  },
});
