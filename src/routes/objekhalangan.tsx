import { createFileRoute } from '@tanstack/react-router';
import { toNewCaseWithType } from '@/lib/spec-routes';

/** /objekhalangan (§2.1): the new-case form with the obstacle object type chosen (/kesbaru?type=…; permission 'newCase'). */
export const Route = createFileRoute('/objekhalangan')({ beforeLoad: () => toNewCaseWithType('/objekhalangan') });
