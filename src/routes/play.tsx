import { createFileRoute } from '@tanstack/react-router';
import { PlayScreen } from '@/features/play/play-screen';

/** /play (§2.1 playground): the gallery of the portal's own components; permission 'adminUsers' (ROUTE_PERMISSIONS). */
export const Route = createFileRoute('/play')({ component: PlayScreen });
