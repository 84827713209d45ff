import { createFileRoute } from '@tanstack/react-router';
import { CheckpointFormScreen } from '@/features/rondas/checkpoint-form-screen';
import { parseNewCheckpointSearch } from '@/features/rondas/ronda-search';

/** /createupdatecheckpoint(?rondaId=): a new checkpoint, placed on its ronda's section map. Index route: see createupdateronda.index.tsx. */
export const Route = createFileRoute('/createupdatecheckpoint/')({
  validateSearch: parseNewCheckpointSearch,
  component: function CreateCheckpointRoute() {
    const { rondaId } = Route.useSearch();
    return <CheckpointFormScreen key={rondaId ?? 'none'} rondaId={rondaId} />;
  },
});
