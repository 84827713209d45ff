import { createFileRoute } from '@tanstack/react-router';
import { PendingCaseScreen } from '@/features/incidents/pending/pending-case-screen';

/** /kes-tertunda/{entity}: a case created offline and not sent yet (issue #4). */
export const Route = createFileRoute('/kes-tertunda/$entity')({
  component: function KesTertundaRoute() {
    const { entity } = Route.useParams();
    return <PendingCaseScreen key={entity} entity={entity} />;
  },
});
