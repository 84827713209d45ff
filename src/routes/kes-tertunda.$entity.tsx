import { createFileRoute } from '@tanstack/react-router';
import { PendingCaseScreen } from '@/features/incidents/pending/pending-case-screen';
import { JournalPanel } from '@/features/journal';

/** /kes-tertunda/{entity}: a case created offline and not sent yet (issue #4), with its journal (the page's slot). */
export const Route = createFileRoute('/kes-tertunda/$entity')({
  component: function KesTertundaRoute() {
    const { entity } = Route.useParams();
    return (
      <PendingCaseScreen
        key={entity}
        entity={entity}
        journal={({ pendingEntity }) => <JournalPanel incidentId={0} pendingEntity={pendingEntity} />}
      />
    );
  },
});
