import { createFileRoute } from '@tanstack/react-router';
import { toNewCaseWithType } from '@/lib/spec-routes';

/** /accidentsubform (§2.1): the new-case form with the accident type chosen (/kesbaru?type=…; permission 'newCase'). */
export const Route = createFileRoute('/accidentsubform')({ beforeLoad: () => toNewCaseWithType('/accidentsubform') });
