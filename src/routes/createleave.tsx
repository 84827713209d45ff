import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { LeaveFormScreen } from '@/features/leave/leave-form-screen';

// /createleave records a new leave; /createleave/{leaveId} (its child route) edits one
export const Route = createFileRoute('/createleave')({
  component: function CreateLeaveRoute() {
    return useChildMatches().length ? <Outlet /> : <LeaveFormScreen />;
  },
});
