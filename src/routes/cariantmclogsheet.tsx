import { createFileRoute } from '@tanstack/react-router';
import { TmcLogScreen } from '@/features/tmclog/tmclog-screen';
import { TmcLogSearchSchema } from '@/features/tmclog/tmclog-search';

// permission 'tmcLog' (§6) is checked by the root guard through ROUTE_PERMISSIONS (src/lib/access.ts)
export const Route = createFileRoute('/cariantmclogsheet')({
  validateSearch: TmcLogSearchSchema,
  component: function CarianTmcLogsheetRoute() {
    const navigate = Route.useNavigate();
    return <TmcLogScreen search={Route.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />;
  },
});
