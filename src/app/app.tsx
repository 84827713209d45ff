import { useEffect, useState } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Toaster } from '@/ui/toaster';
import { useLanguage } from '@/lib/i18n';
import { useColorModeSync } from '@/lib/color-mode';
import { useSession } from '@/lib/session';
import { getSystem } from './theme';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { installSessionEvents } from './session-events';
import { UpdatePrompt } from './update-prompt';
import { AppErrorBoundary } from './error-boundary';

/** The query client and the router, made once; main.tsx loads the first route before the first render. */
export function createAppParts() {
  const queryClient = createQueryClient();
  return { queryClient, router: createAppRouter(queryClient) };
}

export function App({ parts }: { parts?: ReturnType<typeof createAppParts> }) {
  const [{ queryClient, router }] = useState(() => parts ?? createAppParts());
  const lang = useLanguage();
  // the night theme (issue #30): the device's setting, 'auto' dark during a night roster of the signed-in user
  useColorModeSync(useSession()?.user);

  useEffect(() => installSessionEvents(router, queryClient), [router, queryClient]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  return (
    <AppErrorBoundary>
      <ChakraProvider value={getSystem()}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toaster />
          <UpdatePrompt />
        </QueryClientProvider>
      </ChakraProvider>
    </AppErrorBoundary>
  );
}
