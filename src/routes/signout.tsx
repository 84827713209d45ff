import { createFileRoute } from '@tanstack/react-router';
import { SignoutScreen } from '@/features/auth/signout-screen';

export const Route = createFileRoute('/signout')({ component: SignoutScreen });
