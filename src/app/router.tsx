import { createRouter } from '@tanstack/react-router';
import { Flex, Spinner } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './route-tree.gen';
import { NotFound, RouteError } from './not-found';

function Pending() {
  return (
    <Flex justify="center" py="16">
      <Spinner size="lg" color="brand.fg" />
    </Flex>
  );
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingComponent: Pending,
    defaultPendingMs: 300,
    defaultErrorComponent: ({ error, reset }) => <RouteError error={error} reset={reset} />,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
    // the shell scrolls inside <main id="main">, not the window: a new page starts at its top (a drill-down from a
    // report scrolled down opened the case search half way)
    scrollToTopSelectors: ['#main'],
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
