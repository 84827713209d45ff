import { useRouter } from '@tanstack/react-router';

/** Whether a screen exists for a path (menu items of screens still to come are shown disabled). */
export function useRouteExists() {
  const router = useRouter();
  return (path: string) => !!path && path in (router.routesByPath as unknown as Record<string, unknown>);
}
