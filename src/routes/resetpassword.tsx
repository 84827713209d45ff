import { createFileRoute } from '@tanstack/react-router';
import { parseResetSearch } from '@/features/auth/auth-search';
import { ResetPasswordScreen } from '@/features/auth/reset-password-screen';

export const Route = createFileRoute('/resetpassword')({
  validateSearch: parseResetSearch,
  component: function ResetPasswordRoute() {
    return <ResetPasswordScreen username={Route.useSearch().username} />;
  },
});
