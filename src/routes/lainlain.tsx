import { createFileRoute } from '@tanstack/react-router';
import { toNewCaseWithType } from '@/lib/spec-routes';

/** /lainlain (§2.1): the new-case form with the others type chosen (/kesbaru?type=…; permission 'newCase'). */
export const Route = createFileRoute('/lainlain')({ beforeLoad: () => toNewCaseWithType('/lainlain') });
