import { createFileRoute } from '@tanstack/react-router';
import { DraftsScreen } from '@/features/sync/drafts-screen';

export const Route = createFileRoute('/draf')({ component: DraftsScreen });
