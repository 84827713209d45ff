import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { guardRedirect, guardUserOf } from '@/lib/access';
import { getSession } from '@/lib/session';
import { launchLanding } from '@/lib/shift-landing';
import { t } from '@/lib/i18n';
import { notify } from '@/ui/toaster';
import type { RouterContext } from '@/app/router-context';
import { RootLayout } from '@/app/shell/root-layout';
import { NotFound } from '@/app/not-found';

export const Route = createRootRouteWithContext<RouterContext>()({
  // §2.2 redirects for every navigation: signed out → /signin, role id 1 → /primesupport, no permission → landing.
  // A patrol on shift whose tab opens on '/' (the installed app's start) lands on Syif saya, once per tab.
  beforeLoad: ({ location, preload }) => {
    const user = getSession()?.user;
    const target = guardRedirect(location.pathname, guardUserOf(user));
    if (target?.denied) notify.warning(t('app.noAccess'));
    if (target) throw redirect({ to: target.to, search: target.search, replace: true });
    const launch = preload ? null : launchLanding(location.pathname, user);
    if (launch) throw redirect({ to: launch, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});
