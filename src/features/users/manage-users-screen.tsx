/**
 * /manageuser (§2.1): the user list of §3.11 (every status), server-side paged, sorted and filtered with the filter in
 * the URL; a CSV of the filtered list; per row: activate / deactivate, change the role, reset the password (a
 * temporary password or a one-time link), the change history. For the administrators (permission adminUsers).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Badge, Box, Button, Field, Flex, IconButton, Input, Menu, Portal, Text } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-theme/recipes/menu';
import { LuEllipsisVertical, LuHistory, LuKeyRound, LuPower, LuPowerOff, LuSearch, LuUserCog, LuUserPlus, LuX } from 'react-icons/lu';
import { USERS_MESSAGES, type UserRow } from '@contract/users';
import { errorText } from '@/lib/api';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/users';
import '@/lib/i18n/parts/admin';
import { useLookup, roleLabel } from '@/lib/lookups';
import { useSession } from '@/lib/session';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect, StatusFilter } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { notify } from '@/ui/toaster';
import { ChangeRoleDialog, ResetPasswordDialog, UserHistoryDialog } from './user-dialogs';
import { filterOf, setActive, USER_DEFAULT_SORT, usersCsv, useRoles, useUserList, useUsersRefresh } from './users-api';
import type { ManageUserSearch } from './users-search';

type Open = { kind: 'toggle' | 'role' | 'reset' | 'history'; user: UserRow } | null;

export function ManageUsersScreen({ search, onSearchChange }: { search: ManageUserSearch; onSearchChange: (s: ManageUserSearch) => void }) {
  const t = useT();
  const me = useSession()?.user.userId;
  const list = useUserList(search);
  const roles = useRoles();
  const regions = useLookup('region');
  const refresh = useUsersRefresh();
  const [open, setOpen] = useState<Open>(null);
  const [pending, setPending] = useState(false);
  const [text, setText] = useState(search.q ?? '');

  const set = (patch: Partial<ManageUserSearch>) => onSearchChange({ ...search, ...patch });
  // the search box follows the URL (back button) and commits itself after a pause in typing
  useEffect(() => setText(search.q ?? ''), [search.q]);
  // the latest search, so a role/region/status change made during the pause is not reverted by the commit
  const latestSearch = useRef(search);
  latestSearch.current = search;
  // biome-ignore lint/correctness/useExhaustiveDependencies: commits after a pause in typing only: a URL change (search.q) must not start a commit of its own
  useEffect(() => {
    const v = text.trim();
    if (v === (search.q ?? '')) return;
    const timer = setTimeout(() => {
      const current = latestSearch.current;
      if (v === (current.q ?? '')) return;
      onSearchChange({ ...current, q: v || undefined, page: 0 });
    }, 400);
    return () => clearTimeout(timer);
  }, [text]);

  const toggle = async (user: UserRow) => {
    setPending(true);
    try {
      const outcome = await setActive(user, !user.isActive);
      if (outcome.status === 'queued') notify.info(t('users.queued'));
      else notify.success(serverText(user.isActive ? USERS_MESSAGES.deactivated : USERS_MESSAGES.activated));
      await refresh();
      setOpen(null);
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setPending(false);
    }
  };

  const columns = useMemo<AdminColumn<UserRow>[]>(
    () => [
      {
        id: 'No',
        header: t('users.col.no'),
        cell: (r) => (
          <Text color="fg.muted" fontSize="sm" fontVariantNumeric="tabular-nums">
            {r.No}
          </Text>
        ),
        width: '44px',
      },
      {
        id: 'username',
        header: t('users.col.username'),
        sortable: true,
        cell: (r) => (
          <Box>
            <Text fontWeight="semibold" fontFamily="mono" fontSize="sm" data-testid="user-username">
              {r.username}
            </Text>
            <Flex gap="1" mt="0.5" wrap="wrap">
              {r.authType === 'LDAP' && (
                <Badge size="xs" colorPalette="purple">
                  LDAP
                </Badge>
              )}
              {r.username === me && (
                <Badge size="xs" colorPalette="brand">
                  {t('users.you')}
                </Badge>
              )}
            </Flex>
          </Box>
        ),
      },
      {
        id: 'displayName',
        header: t('users.col.name'),
        sortable: true,
        cell: (r) => (
          <Text fontWeight="medium" fontSize="sm" whiteSpace="normal" minW="140px" maxW="190px">
            {r.displayName}
          </Text>
        ),
      },
      {
        id: 'employeeId',
        header: t('users.col.staffNoNric'),
        sortable: true,
        cell: (r) => (
          <Box whiteSpace="nowrap">
            <Text fontFamily="mono" fontSize="xs">
              {r.employeeId}
            </Text>
            <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="user-nric">
              {r.nric ?? '—'}
            </Text>
          </Box>
        ),
      },
      { id: 'region', header: t('users.col.region'), sortable: true, cell: (r) => <Text fontSize="sm">{r.region}</Text> },
      {
        id: 'sectionName',
        header: t('users.col.section'),
        sortable: true,
        cell: (r) => (
          <Badge colorPalette="brand" variant="subtle" size="sm">
            {r.sectionName}
          </Badge>
        ),
      },
      {
        id: 'position',
        header: t('users.col.position'),
        sortable: true,
        cell: (r) => (
          <Text fontSize="xs" whiteSpace="normal" minW="110px" maxW="170px">
            {r.position}
          </Text>
        ),
      },
      {
        id: 'roleName',
        header: t('users.col.role'),
        sortable: true,
        cell: (r) => (
          <Text fontSize="sm" title={roleLabel(r.roleName, r.roleLabel)}>
            {r.roleName}
          </Text>
        ),
      },
      {
        id: 'status',
        header: t('users.col.status'),
        sortable: true,
        cell: (r) => (
          <Box>
            <Badge colorPalette={r.isActive ? 'green' : 'gray'} size="sm" data-testid="user-status">
              {r.isActive ? t('users.status.active') : t('users.status.inactive')}
            </Badge>
            {r.isActive && r.authType === 'LOCAL' && r.resetPasswordCount === 0 && (
              <Text fontSize="xs" color="orange.fg" mt="0.5">
                {t('users.mustChange')}
              </Text>
            )}
          </Box>
        ),
      },
      {
        id: 'actions',
        // no heading text: the column is the row's menu button, which names itself (aria-label)
        header: '',
        width: '56px',
        align: 'end',
        cell: (r) => {
          const self = r.username === me;
          return (
            <Menu.Root recipe={menuSlotRecipe} positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <IconButton
                  variant="ghost"
                  minH="11"
                  minW="11"
                  aria-label={t('users.action.menu', { username: r.username })}
                  data-testid="user-actions"
                >
                  <LuEllipsisVertical />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="240px">
                    {!self && (
                      <Menu.Item
                        value="toggle"
                        minH="11"
                        onSelect={() => setOpen({ kind: 'toggle', user: r })}
                        color={r.isActive ? 'red.fg' : undefined}
                        data-testid="user-action-toggle"
                      >
                        {r.isActive ? <LuPowerOff /> : <LuPower />} {r.isActive ? t('users.action.deactivate') : t('users.action.activate')}
                      </Menu.Item>
                    )}
                    {!self && (
                      <Menu.Item value="role" minH="11" onSelect={() => setOpen({ kind: 'role', user: r })} data-testid="user-action-role">
                        <LuUserCog /> {t('users.action.changeRole')}
                      </Menu.Item>
                    )}
                    <Menu.Item value="reset" minH="11" onSelect={() => setOpen({ kind: 'reset', user: r })} data-testid="user-action-reset">
                      <LuKeyRound /> {t('users.action.resetPassword')}
                    </Menu.Item>
                    <Menu.Item value="history" minH="11" onSelect={() => setOpen({ kind: 'history', user: r })} data-testid="user-action-history">
                      <LuHistory /> {t('users.action.history')}
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          );
        },
      },
    ],
    [t, me],
  );

  const filtered = !!(search.q || search.roleId || search.regionId || search.status);
  const toolbar = (
    <>
      <Field.Root width="280px">
        <Field.Label fontSize="sm">{t('users.filter.search')}</Field.Label>
        <Flex position="relative" w="full" align="center">
          <Box position="absolute" left="3" color="fg.muted" pointerEvents="none" zIndex="1">
            <LuSearch />
          </Box>
          <Input
            bg="bg.panel"
            minH="11"
            ps="9"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            placeholder={t('users.filter.searchPlaceholder')}
            maxLength={100}
            data-testid="users-search"
          />
        </Flex>
      </Field.Root>
      <FilterSelect<number>
        label={t('users.filter.role')}
        value={search.roleId}
        onChange={(roleId) => set({ roleId, page: 0 })}
        options={(roles.data ?? []).map((r) => ({ value: r.pkRoleId, label: r.roleName }))}
        allLabel={t('users.filter.allRoles')}
        testId="users-role"
        width="180px"
      />
      <FilterSelect<number>
        label={t('users.filter.region')}
        value={search.regionId}
        onChange={(regionId) => set({ regionId, page: 0 })}
        options={(regions.data ?? []).map((r) => ({ value: r.key, label: r.value }))}
        allLabel={t('users.filter.allRegions')}
        testId="users-region"
        width="180px"
      />
      <StatusFilter
        label={t('users.filter.status')}
        value={search.status}
        onChange={(status) => set({ status, page: 0 })}
        allLabel={t('users.filter.allStatuses')}
        activeLabel={t('users.status.active')}
        inactiveLabel={t('users.status.inactive')}
        testId="users-status"
        width="160px"
      />
      {filtered && (
        <Button
          variant="ghost"
          minH="11"
          onClick={() => onSearchChange({ size: search.size, sort: search.sort, dir: search.dir })}
          data-testid="users-clear"
        >
          <LuX /> {t('users.filter.clear')}
        </Button>
      )}
    </>
  );

  return (
    <Box data-testid="manage-users">
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          <Button asChild colorPalette="brand" minH="11">
            <RouterLink to="/registeruser" data-testid="users-register">
              <LuUserPlus /> {t('users.register')}
            </RouterLink>
          </Button>
        }
      />
      <AdminList
        columns={columns}
        rowKey={(r) => r.userId}
        query={list}
        search={search}
        onSearchChange={set}
        defaultSort={USER_DEFAULT_SORT}
        emptyText={t('users.empty')}
        emptyHint={t('users.emptyHint')}
        onExportCsv={() => usersCsv(filterOf(search), listQueryOf(search, USER_DEFAULT_SORT))}
        toolbar={toolbar}
        rowTestId="user-row"
        minW="980px"
        testId="users-list"
      />

      {open?.kind === 'toggle' && (
        <ConfirmDialog
          open
          title={
            open.user.isActive
              ? t('users.confirm.deactivate', { username: open.user.username })
              : t('users.confirm.activate', { username: open.user.username })
          }
          message={open.user.isActive ? t('users.confirm.deactivateText') : t('users.confirm.activateText')}
          confirmLabel={open.user.isActive ? t('users.action.deactivate') : t('users.action.activate')}
          cancelLabel={t('admin.cancel')}
          colorPalette={open.user.isActive ? 'red' : 'brand'}
          pending={pending}
          onConfirm={() => void toggle(open.user)}
          onCancel={() => setOpen(null)}
          testId="user-toggle-confirm"
        />
      )}
      {open?.kind === 'role' && <ChangeRoleDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === 'reset' && <ResetPasswordDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === 'history' && <UserHistoryDialog user={open.user} onClose={() => setOpen(null)} />}
    </Box>
  );
}
