import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { ShiftFormScreen } from '@/features/shifts/shift-form-screen';

// /createupdateshift adds a shift; /createupdateshift/{shiftId} (its child route) edits one
export const Route = createFileRoute('/createupdateshift')({
  component: function CreateShiftRoute() {
    return useChildMatches().length ? <Outlet /> : <ShiftFormScreen />;
  },
});
