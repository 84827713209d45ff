import { createFileRoute } from '@tanstack/react-router';
import { toNewCaseWithType } from '@/lib/spec-routes';

/** /assetlebuhraya (§2.1): the new-case form with the road furniture or asset damage type chosen (/kesbaru?type=…; permission 'newCase'). */
export const Route = createFileRoute('/assetlebuhraya')({ beforeLoad: () => toNewCaseWithType('/assetlebuhraya') });
