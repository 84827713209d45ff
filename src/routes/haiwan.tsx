import { createFileRoute } from '@tanstack/react-router';
import { toNewCaseWithType } from '@/lib/spec-routes';

/** /haiwan (§2.1): the new-case form with the stray animal type chosen (/kesbaru?type=…; permission 'newCase'). */
export const Route = createFileRoute('/haiwan')({ beforeLoad: () => toNewCaseWithType('/haiwan') });
