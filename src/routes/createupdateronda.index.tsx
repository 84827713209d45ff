import { createFileRoute } from '@tanstack/react-router';
import { RondaFormScreen } from '@/features/rondas/ronda-form-screen';

/**
 * /createupdateronda: a new ronda. An index route (not createupdateronda.tsx) so that /createupdateronda/{rondaId}
 * is its sibling rather than a child rendered inside it.
 */
export const Route = createFileRoute('/createupdateronda/')({
  component: function CreateRondaRoute() {
    return <RondaFormScreen />;
  },
});
