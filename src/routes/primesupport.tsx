import { createFileRoute } from '@tanstack/react-router';
import { PrimeSupportScreen } from '@/features/support/prime-support-screen';

export const Route = createFileRoute('/primesupport')({ component: PrimeSupportScreen });
