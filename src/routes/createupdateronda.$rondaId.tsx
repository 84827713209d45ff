import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { RondaFormScreen } from '@/features/rondas/ronda-form-screen';
import { routeId } from '@/features/rondas/ronda-search';

/** /createupdateronda/{rondaId}: a ronda's form, its ordered checkpoints and its change history. */
export const Route = createFileRoute('/createupdateronda/$rondaId')({
  component: function UpdateRondaRoute() {
    const id = routeId(Route.useParams().rondaId);
    if (id === undefined) return <NotFound />;
    return <RondaFormScreen key={id} rondaId={id} />;
  },
});
