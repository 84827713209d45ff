import { createFileRoute } from '@tanstack/react-router';
import { toNewCaseWithType } from '@/lib/spec-routes';

/** /keadaanjalan (§2.1): the new-case form with the road condition hazard type chosen (/kesbaru?type=…; permission 'newCase'). */
export const Route = createFileRoute('/keadaanjalan')({ beforeLoad: () => toNewCaseWithType('/keadaanjalan') });
