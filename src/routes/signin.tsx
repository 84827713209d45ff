import { createFileRoute } from '@tanstack/react-router';
import { parseSigninSearch } from '@/features/auth/auth-search';
import { SigninScreen } from '@/features/auth/signin-screen';

export const Route = createFileRoute('/signin')({
  validateSearch: parseSigninSearch,
  component: function SigninRoute() {
    return <SigninScreen search={Route.useSearch()} />;
  },
});
