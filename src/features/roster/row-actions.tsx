/**
 * The actions of one roster in the lists: its activity log (everyone who sees the list), edit and delete (rosterManage;
 * delete asks first, and the server refuses a roster with activity entries, cases or positions with its reason).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { HStack, IconButton } from '@chakra-ui/react';
import { LuClipboardList, LuPencil, LuTrash2 } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster';
import { errorText } from '@/lib/api';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { notify } from '@/ui/toaster';
import { Tooltip } from '@/ui/tooltip';
import { deleteRosterCall, rosterKeys } from './roster-api';

export function RosterRowActions({ id, name, canManage }: { id: number; name: string; canManage: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [pending, setPending] = useState(false);

  const remove = async () => {
    setPending(true);
    try {
      const outcome = await deleteRosterCall(id, name);
      setConfirm(false);
      if (outcome.status === 'sent') notify.success(t('rosters.deleted', { name }));
      await queryClient.invalidateQueries({ queryKey: rosterKeys.all });
    } catch (err) {
      setConfirm(false);
      notify.error(errorText(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <HStack gap="1" justify="flex-end" onClick={(e) => e.stopPropagation()}>
      <Tooltip content={t('rosters.action.activity')}>
        <IconButton asChild size="sm" variant="ghost" colorPalette="brand" aria-label={t('rosters.action.activity')} minW="10" minH="10">
          <Link to="/activitylog/$rosterId/$mode" params={{ rosterId: String(id), mode: 'view' }} data-testid="roster-row-activity">
            <LuClipboardList />
          </Link>
        </IconButton>
      </Tooltip>
      {canManage && (
        <>
          <Tooltip content={t('rosters.action.edit')}>
            <IconButton asChild size="sm" variant="ghost" colorPalette="brand" aria-label={t('rosters.action.edit')} minW="10" minH="10">
              <Link to="/createupdateroster/$rosterId" params={{ rosterId: String(id) }} data-testid="roster-row-edit">
                <LuPencil />
              </Link>
            </IconButton>
          </Tooltip>
          <Tooltip content={t('rosters.action.delete')}>
            <IconButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              aria-label={t('rosters.action.delete')}
              minW="10"
              minH="10"
              onClick={() => setConfirm(true)}
              data-testid="roster-row-delete"
            >
              <LuTrash2 />
            </IconButton>
          </Tooltip>
          <ConfirmDialog
            open={confirm}
            title={t('rosters.action.delete')}
            message={t('rosters.deleteConfirm', { name })}
            confirmLabel={t('rosters.delete')}
            cancelLabel={t('rosters.cancel')}
            colorPalette="red"
            pending={pending}
            onConfirm={() => void remove()}
            onCancel={() => setConfirm(false)}
            testId="roster-delete-confirm"
          />
        </>
      )}
    </HStack>
  );
}
