import { createFileRoute } from '@tanstack/react-router';
import { ResetLinkScreen } from '@/features/users/reset-link-screen';
import { parseResetLinkSearch } from '@/features/users/users-search';

/** The one-time password link an administrator hands over (/user/emailresetpasswordlink); reachable signed out. */
export const Route = createFileRoute('/resetpasswordlink')({
  validateSearch: parseResetLinkSearch,
  component: function ResetPasswordLinkRoute() {
    return <ResetLinkScreen token={Route.useSearch().token} />;
  },
});
