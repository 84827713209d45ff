import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SigninScreen } from '@/features/auth/signin-screen';

const SigninSearch = z.object({
  redirect: z.string().optional().catch(undefined),
  reason: z.enum(['expired', 'signedout']).optional().catch(undefined),
});

export const Route = createFileRoute('/signin')({
  validateSearch: SigninSearch,
  component: function SigninRoute() {
    return <SigninScreen search={Route.useSearch()} />;
  },
});
