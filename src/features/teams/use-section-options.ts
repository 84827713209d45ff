import { useQuery } from '@tanstack/react-query';
import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { useSession, userRole } from '@/lib/session';
import { sectionsCall, teamKeys } from './teams-api';

/** Sections a manager may pick (listed, §5): of its own region, or all for the national roles (the server scopes anyway). */
export function useSectionOptions() {
  const user = useSession()?.user;
  const seesAll = SEES_ALL_REGIONS.includes(userRole(user).name as RoleName);
  const regionId = seesAll ? undefined : user?.section.region.key;
  return useQuery({
    queryKey: teamKeys.sections(regionId),
    queryFn: () => sectionsCall(regionId),
    staleTime: 10 * 60_000,
    select: (d) => d.rows,
  });
}
