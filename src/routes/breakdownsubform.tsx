import { createFileRoute } from '@tanstack/react-router';
import { toNewCaseWithType } from '@/lib/spec-routes';

/** /breakdownsubform (§2.1): the new-case form with the breakdown type chosen (/kesbaru?type=…; permission 'newCase'). */
export const Route = createFileRoute('/breakdownsubform')({ beforeLoad: () => toNewCaseWithType('/breakdownsubform') });
