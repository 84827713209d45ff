import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SigninScreen } from '@/features/auth/signin-screen';

const SigninSearch = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
  reason: z.catch(z.optional(z.enum(['expired', 'signedout'])), undefined),
});

export const Route = createFileRoute('/signin')({
  validateSearch: SigninSearch,
  component: function SigninRoute() {
    return <SigninScreen search={Route.useSearch()} />;
  },
});
