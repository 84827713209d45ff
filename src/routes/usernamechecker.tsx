import { createFileRoute, redirect } from '@tanstack/react-router';

/** §2.2 names the username check '/usernamechecker'; the screen lives at /maintenance/checkusername (§2.1). */
export const Route = createFileRoute('/usernamechecker')({
  beforeLoad: () => {
    throw redirect({ to: '/maintenance/checkusername', replace: true });
  },
});
