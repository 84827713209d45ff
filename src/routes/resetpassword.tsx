import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordScreen } from '@/features/auth/reset-password-screen';

const ResetSearch = z.object({ username: z.string().max(100).optional().catch(undefined) });

export const Route = createFileRoute('/resetpassword')({
  validateSearch: ResetSearch,
  component: function ResetPasswordRoute() {
    return <ResetPasswordScreen username={Route.useSearch().username} />;
  },
});
