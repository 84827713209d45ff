import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { useListedSections } from '@/lib/sections';
import { useSession, userRole } from '@/lib/session';

/** Sections a manager may pick (listed, §5): of its own region, or all for the national roles (the server scopes anyway). */
export function useSectionOptions() {
  const user = useSession()?.user;
  const seesAll = SEES_ALL_REGIONS.includes(userRole(user).name as RoleName);
  return useListedSections(seesAll ? undefined : user?.section.region.key);
}
