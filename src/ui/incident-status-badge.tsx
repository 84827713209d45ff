import { Badge } from '@chakra-ui/react';
import { statusGroupOf, type StatusGroup } from '@contract/incident-rules';
import { useLookupLabel } from '@/lib/lookups';
import './plain.css';

/** Colour per status group: with the TMC (orange), patrol working (blue), done (teal), Tutup (grey), Batal (red). */
export const STATUS_GROUP_PALETTE: Record<StatusGroup, string> = { BARU: 'orange', TINDAKAN: 'blue', SELESAI: 'teal', TUTUP: 'gray', BATAL: 'red' };

/** How a status chip looks (the Chakra badge and the plain one alike): its palette, and an outline for Tutup. */
export function statusLook(statusId: number | null | undefined): { palette: string; outline: boolean } {
  const group = statusGroupOf(statusId);
  return { palette: group ? STATUS_GROUP_PALETTE[group] : 'gray', outline: group === 'TUTUP' };
}

/**
 * The status chip of lists and the incident title (§2.7): the status label as the server gives it, in English mode
 * the status lookup's English name (issue #31).
 */
export function IncidentStatusBadge({
  statusId,
  label,
  size = 'sm',
}: {
  statusId: number | null | undefined;
  label: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const look = statusLook(statusId);
  const statusLabel = useLookupLabel('incidentStatus');
  return (
    <Badge colorPalette={look.palette} variant={look.outline ? 'outline' : 'subtle'} size={size} data-status-id={statusId ?? ''}>
      {statusLabel(statusId, label)}
    </Badge>
  );
}

/**
 * IncidentStatusBadge in a plain element (ui/plain.css), for rows shown by the dozen: the label given (the caller has
 * the status lookup's labels at hand).
 */
export function StatusChip({ statusId, label, size = 'sm' }: { statusId: number | null | undefined; label: string; size?: 'sm' | 'md' }) {
  const look = statusLook(statusId);
  return (
    <span
      className="u-badge"
      data-palette={look.palette}
      data-variant={look.outline ? 'outline' : undefined}
      data-size={size}
      data-status-id={statusId ?? ''}
    >
      {label}
    </span>
  );
}
