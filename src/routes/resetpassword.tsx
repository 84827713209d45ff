import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ResetPasswordScreen } from '@/features/auth/reset-password-screen';

const ResetSearch = z.object({ username: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined) });

export const Route = createFileRoute('/resetpassword')({
  validateSearch: ResetSearch,
  component: function ResetPasswordRoute() {
    return <ResetPasswordScreen username={Route.useSearch().username} />;
  },
});
