/** Pieces every fleet screen shows: who may change what, the sections in scope, status and "needs attention" badges, the dialog frame of the small forms. */
import type { ReactNode } from 'react';
import { Badge, Box, Dialog, Portal, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { LuTriangleAlert } from 'react-icons/lu';
import { can, SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { useListedSections } from '@/lib/sections';
import { useSession, userRole } from '@/lib/session';
import { formatDateTime } from '@/lib/time';
import type { FilterOption } from '@/ui/admin/filters';
import { Tooltip } from '@/ui/tooltip';

/** The caller's rights on the fleet screens: everyone with readOrg reads, fleetManage changes. */
export function useFleetAccess() {
  const user = useSession()?.user;
  const role = userRole(user).name;
  return { user, mayManage: can(role, 'fleetManage'), seesAll: SEES_ALL_REGIONS.includes(role as RoleName) };
}

/** The listed sections (no G sections) of the caller's region, or of every region for the national roles (the server scopes anyway). */
export function useFleetSections() {
  const { user, seesAll } = useFleetAccess();
  return useListedSections(seesAll ? undefined : user?.section.region.key);
}

/** The regions the listed sections belong to (for the national roles' region filter). */
export function regionOptions(sections: readonly { regionId: number; regionName: string }[] | undefined): FilterOption<number>[] {
  const seen = new Map<number, string>();
  for (const s of sections ?? []) seen.set(s.regionId, s.regionName);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

export function StatusBadge({ active, testId = 'fleet-status' }: { active: boolean; testId?: string }) {
  const t = useT();
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle" size="sm" data-testid={testId} data-active={active}>
      {t(active ? 'fleet.active' : 'fleet.inactive')}
    </Badge>
  );
}

/** "Perlu perhatian": a checklist found an item short or damaged; the reason in a tooltip (and as text where asked). */
export function AttentionBadge({ reason, since, showReason }: { reason: string | null; since?: string | null; showReason?: boolean }) {
  const t = useT();
  const tip = `${reason ?? t('fleet.attention.noReason')}${since ? ` · ${t('fleet.attention.since', { at: formatDateTime(since) })}` : ''}`;
  return (
    <Box minW="0">
      <Tooltip content={tip}>
        <Badge colorPalette="orange" variant="solid" size="sm" tabIndex={0} title={tip} aria-label={`${t('fleet.attention')}: ${tip}`} data-testid="vehicle-attention-badge">
          <LuTriangleAlert /> {t('fleet.attention')}
        </Badge>
      </Tooltip>
      {showReason && reason && (
        <Text fontSize="xs" color="orange.700" mt="0.5" lineClamp={2} data-testid="vehicle-attention-reason">
          {reason}
        </Text>
      )}
    </Box>
  );
}

/** The frame of the small forms (call sign, model, master item): a dialog whose body is an AdminForm. */
export function FleetDialog({ open, title, onClose, children, testId }: { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode; testId: string }) {
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="md" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="560px" mx="4" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">{children}</Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The options of a select from the lookups' { key, value } items. */
export const keyOptions = (items: readonly { key: number; value: string }[] | undefined) => (items ?? []).map((i) => ({ value: i.key, label: i.value }));

