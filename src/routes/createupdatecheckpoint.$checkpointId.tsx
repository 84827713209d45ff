import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/app/not-found';
import { CheckpointFormScreen } from '@/features/rondas/checkpoint-form-screen';
import { routeId } from '@/features/rondas/ronda-search';

/** /createupdatecheckpoint/{checkpointId}: a checkpoint's form, its map and its change history. */
export const Route = createFileRoute('/createupdatecheckpoint/$checkpointId')({
  component: function UpdateCheckpointRoute() {
    const id = routeId(Route.useParams().checkpointId);
    if (id === undefined) return <NotFound />;
    return <CheckpointFormScreen key={id} checkpointId={id} />;
  },
});
