import { createFileRoute } from '@tanstack/react-router';
import { ShiftFormScreen } from '@/features/shifts/shift-form-screen';

export const Route = createFileRoute('/createupdateshift/$shiftId')({
  component: function EditShiftRoute() {
    const { shiftId } = Route.useParams();
    return <ShiftFormScreen shiftId={/^\d{1,9}$/.test(shiftId) ? Number(shiftId) : -1} />;
  },
});
