/**
 * The per-row dialogs of /manageuser: change the role, reset the password (a temporary password or a one-time link
 * to hand over), and the user's change history.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, Field, Flex, Input, NativeSelect, Portal, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { LuCopy, LuDices, LuKeyRound, LuLink } from 'react-icons/lu';
import { AdminResetPasswordSchema, USERS_MESSAGES, type ResetLink, type UserRow } from '@contract/users';
import { errorText } from '@/lib/api';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/users';
import { formatDateTime } from '@/lib/time';
import { ChangeHistory } from '@/ui/admin/change-history';
import { notify } from '@/ui/toaster';
import { changeRole, generatePassword, makeResetLink, resetPassword, useGrantableRoles, useUsersRefresh } from './users-api';
import { roleLabel } from '@/lib/lookups';

function UserDialog({
  open,
  title,
  onClose,
  children,
  footer,
  testId,
  size = '560px',
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
  size?: string;
}) {
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={size} mx="4" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A failure (a text, or the error as it came, shown in the language of the moment). */
function ErrorLine({ message, testId }: { message: unknown; testId: string }) {
  if (message == null || message === '') return null;
  return (
    <Alert.Root status="error" rounded="md" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Description wordBreak="break-word">{errorText(message)}</Alert.Description>
    </Alert.Root>
  );
}

// ------------------------------------------------------------------------------------------------ role

export function ChangeRoleDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const t = useT();
  const roles = useGrantableRoles();
  const refresh = useUsersRefresh();
  const [roleId, setRoleId] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const save = async () => {
    const role = roles.data?.find((r) => r.pkRoleId === roleId);
    if (!role) {
      setError(t('users.role.choose'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const outcome = await changeRole(user, role.pkRoleId, role.roleName);
      if (outcome.status === 'queued') notify.info(t('users.queued'));
      else notify.success(serverText(USERS_MESSAGES.roleChanged));
      await refresh();
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <UserDialog
      open
      onClose={() => !pending && onClose()}
      title={t('users.role.title', { username: user.username })}
      testId="user-role-dialog"
      footer={
        <>
          <Button variant="outline" minH="11" onClick={onClose} disabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button colorPalette="brand" minH="11" onClick={() => void save()} loading={pending} disabled={!roleId} data-testid="user-role-save">
            {t('users.role.save')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('users.role.current', { role: `${user.roleName} · ${roleLabel(user.roleName, user.roleLabel)}` })}
        </Text>
        {roles.isError ? (
          <ErrorLine message={`${t('users.role.loadFailed')} ${errorText(roles.error)}`} testId="user-role-load-error" />
        ) : (
          <Field.Root required>
            <Field.Label fontSize="sm" fontWeight="semibold">
              {t('users.role.new')}
            </Field.Label>
            <NativeSelect.Root recipe={nativeSelectSlotRecipe} disabled={roles.isPending}>
              <NativeSelect.Field
                bg="bg.panel"
                minH="11"
                value={roleId ?? ''}
                onChange={(e) => setRoleId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                data-testid="user-role-select"
              >
                <option value="">{t('users.role.choose')}</option>
                {(roles.data ?? [])
                  .filter((r) => r.pkRoleId !== user.roleId)
                  .map((r) => (
                    <option key={r.pkRoleId} value={r.pkRoleId}>
                      {r.roleName} · {roleLabel(r.roleName, r.label)}
                    </option>
                  ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        <Text fontSize="sm" color="orange.fg">
          {t('users.role.note')}
        </Text>
        <ErrorLine message={error} testId="user-role-error" />
      </Stack>
    </UserDialog>
  );
}

// ------------------------------------------------------------------------------------------------ password

export function ResetPasswordDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const t = useT();
  const refresh = useUsersRefresh();
  const [mode, setMode] = useState<'temp' | 'link'>('temp');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [link, setLink] = useState<ResetLink | null>(null);
  const ldap = user.authType === 'LDAP';

  const setTemporary = async () => {
    const check = AdminResetPasswordSchema.shape.newPassword.safeParse(password);
    if (!check.success) {
      setFieldError(check.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    setError(null);
    setPending(true);
    try {
      await resetPassword({ userId: user.userId, newPassword: password });
      notify.success(serverText(USERS_MESSAGES.passwordReset));
      await refresh();
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };

  const newLink = async () => {
    setError(null);
    setPending(true);
    try {
      setLink(await makeResetLink(user.userId));
      await refresh();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.link);
      notify.success(t('users.reset.copied'));
    } catch {
      notify.error(t('users.reset.copyFailed'));
    }
  };

  return (
    <UserDialog
      open
      onClose={() => !pending && onClose()}
      title={t('users.reset.title', { username: user.username })}
      testId="user-reset-dialog"
      size="600px"
      footer={
        <Button variant="outline" minH="11" onClick={onClose} disabled={pending} data-testid="user-reset-close">
          {t('users.close')}
        </Button>
      }
    >
      {ldap ? (
        <Alert.Root status="info" rounded="md" data-testid="user-reset-ldap">
          <Alert.Indicator />
          <Alert.Description>{t('users.reset.ldap')}</Alert.Description>
        </Alert.Root>
      ) : (
        <Stack gap="4">
          <SegmentGroup.Root value={mode} onValueChange={(d) => d.value && setMode(d.value as 'temp' | 'link')} bg="bg.muted" alignSelf="flex-start">
            <SegmentGroup.Indicator bg="bg.panel" />
            {(
              [
                ['temp', <LuKeyRound key="i" />, t('users.reset.temp')],
                ['link', <LuLink key="i" />, t('users.reset.link')],
              ] as const
            ).map(([value, icon, label]) => (
              <SegmentGroup.Item key={value} value={value} minH="11" px="3" _checked={{ color: 'brand.ink' }} data-testid={`user-reset-tab-${value}`}>
                <SegmentGroup.ItemText>
                  <Flex align="center" gap="2">
                    {icon} {label}
                  </Flex>
                </SegmentGroup.ItemText>
                <SegmentGroup.ItemHiddenInput />
              </SegmentGroup.Item>
            ))}
          </SegmentGroup.Root>
          {mode === 'temp' ? (
            <Stack gap="3">
              <Text fontSize="sm" color="fg.muted">
                {t('users.reset.tempHelp')}
              </Text>
              <Field.Root invalid={!!fieldError} required>
                <Field.Label fontSize="sm" fontWeight="semibold">
                  {t('users.reset.temp')}
                </Field.Label>
                <Flex gap="2" w="full">
                  <Input
                    bg="bg.panel"
                    minH="11"
                    fontFamily="mono"
                    autoComplete="off"
                    spellCheck={false}
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    data-testid="user-reset-password"
                  />
                  <Button variant="outline" minH="11" onClick={() => setPassword(generatePassword())} data-testid="user-reset-generate">
                    <LuDices /> {t('users.reset.generate')}
                  </Button>
                </Flex>
                {fieldError && <Field.ErrorText>{serverText(fieldError)}</Field.ErrorText>}
              </Field.Root>
              <ErrorLine message={error} testId="user-reset-error" />
              <Box>
                <Button colorPalette="brand" minH="11" onClick={() => void setTemporary()} loading={pending} data-testid="user-reset-submit">
                  {t('users.reset.set')}
                </Button>
              </Box>
            </Stack>
          ) : (
            <Stack gap="3">
              <Text fontSize="sm" color="fg.muted">
                {t('users.reset.linkHelp')}
              </Text>
              {!user.isActive ? (
                <Alert.Root status="warning" rounded="md">
                  <Alert.Indicator />
                  <Alert.Description>{t('users.reset.inactive')}</Alert.Description>
                </Alert.Root>
              ) : (
                <>
                  {link && (
                    <Box data-testid="user-reset-link">
                      <Flex gap="2">
                        <Input
                          readOnly
                          value={link.link}
                          fontFamily="mono"
                          fontSize="xs"
                          minH="11"
                          onFocus={(e) => e.currentTarget.select()}
                          data-testid="user-reset-link-value"
                        />
                        <Button variant="outline" minH="11" onClick={() => void copy()} data-testid="user-reset-copy">
                          <LuCopy /> {t('users.reset.copy')}
                        </Button>
                      </Flex>
                      <Text fontSize="xs" color="fg.muted" mt="1">
                        {t('users.reset.expires', { at: formatDateTime(link.expiresAt) })}
                      </Text>
                    </Box>
                  )}
                  <ErrorLine message={error} testId="user-reset-link-error" />
                  <Box>
                    <Button
                      colorPalette="brand"
                      variant={link ? 'outline' : 'solid'}
                      minH="11"
                      onClick={() => void newLink()}
                      loading={pending}
                      data-testid="user-reset-make-link"
                    >
                      <LuLink /> {t('users.reset.makeLink')}
                    </Button>
                  </Box>
                </>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </UserDialog>
  );
}

// ------------------------------------------------------------------------------------------------ history

export function UserHistoryDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const t = useT();
  const labels: Record<string, string> = {
    username: t('users.field.username'),
    pkStaffId: t('users.field.pkStaffId'),
    roleId: t('users.field.roleId'),
    roleName: t('users.field.roleName'),
    authType: t('users.field.authType'),
    isActive: t('users.field.isActive'),
    resetPasswordCount: t('users.field.resetPasswordCount'),
    passwordReset: t('users.field.passwordReset'),
    passwordResetLink: t('users.field.passwordResetLink'),
  };
  return (
    <UserDialog
      open
      onClose={onClose}
      title={t('users.history.title', { username: user.username })}
      testId="user-history-dialog"
      size="650px"
      footer={
        <Button variant="outline" minH="11" onClick={onClose}>
          {t('users.close')}
        </Button>
      }
    >
      <Box maxH="60vh" overflowY="auto">
        <ChangeHistory entity="user" id={user.userId} labels={labels} />
      </Box>
    </UserDialog>
  );
}
