import { createFileRoute } from '@tanstack/react-router';
import { CheckUsernameScreen } from '@/features/support/check-username-screen';

export const Route = createFileRoute('/maintenance/checkusername')({ component: CheckUsernameScreen });
