import { createFileRoute } from '@tanstack/react-router';
import { NewCaseScreen } from '@/features/incidents/new-case/new-case-screen';

export const Route = createFileRoute('/kesbaru')({ component: NewCaseScreen });
