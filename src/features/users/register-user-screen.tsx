/**
 * /registeruser (§2.1, §7.1 user/registration): pick a member of staff who has no account yet (search by name, staff
 * number or NRIC), then the username, the role and the authentication type: LOCAL with a first password the user must
 * change at the first sign-in, or LDAP (the account must exist in the directory; §6). Online only: a password never
 * waits on the device, and the server checks the username and the directory at once.
 */
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from '@tanstack/react-router';
import { Alert, Badge, Box, Button, Flex, Grid, IconButton, Input, Skeleton, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuArrowLeft, LuChevronLeft, LuChevronRight, LuCircleCheck, LuDices, LuSearch, LuUserPlus } from 'react-icons/lu';
import { UserRegistrationSchema, type StaffCandidate } from '@contract/users';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/users';
import '@/lib/i18n/parts/admin';
import { AdminForm, FormField, SelectInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { CANDIDATE_PAGE_SIZE, generatePassword, registerUser, useCandidates, useGrantableRoles, useUsersRefresh } from './users-api';
import type { RegisterUserSearch } from './users-search';
import { TableScroll } from '@/ui/table-scroll';
import { roleLabel } from '@/lib/lookups';

function CandidatePicker({
  search,
  onSearchChange,
  picked,
  onPick,
}: {
  search: RegisterUserSearch;
  onSearchChange: (s: RegisterUserSearch) => void;
  picked: StaffCandidate | null;
  onPick: (s: StaffCandidate) => void;
}) {
  const t = useT();
  const [text, setText] = useState(search.q ?? '');
  const page = search.page ?? 0;
  const list = useCandidates(search.q ?? '', page);
  const rows = list.data?.rows ?? [];
  const total = list.data?.recordCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / CANDIDATE_PAGE_SIZE));

  useEffect(() => setText(search.q ?? ''), [search.q]);
  // the search follows the typing after 350 ms; picking someone cancels a search still waiting, or it would navigate
  // after the registration has already moved on to /manageuser and bring the user back here
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: searches after a pause in typing only: a URL change (search.q) must not start a search of its own
  useEffect(() => {
    const v = text.trim();
    if (v === (search.q ?? '')) return;
    pending.current = setTimeout(() => onSearchChange({ q: v || undefined, page: 0 }), 350);
    return () => clearTimeout(pending.current);
  }, [text]);
  const pick = (s: StaffCandidate) => {
    clearTimeout(pending.current);
    onPick(s);
  };

  return (
    <Panel heading={t('users.reg.step1')}>
      <Box px="4" pt="3" pb="2">
        <Flex position="relative" align="center">
          <Box position="absolute" left="3" color="fg.muted" pointerEvents="none" zIndex="1">
            <LuSearch />
          </Box>
          <Input
            bg="bg.panel"
            minH="11"
            ps="9"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            placeholder={t('users.reg.search')}
            maxLength={100}
            aria-label={t('users.reg.search')}
            data-testid="register-search"
          />
        </Flex>
      </Box>
      {list.isError && !list.data ? (
        <Box p="4">
          <ErrorBlock
            title={t('admin.loadFailed')}
            message={errorText(list.error)}
            offline={isApiError(list.error) && list.error.kind !== 'http'}
            onRetry={() => void list.refetch()}
          />
        </Box>
      ) : (
        <>
          <TableScroll>
            <Table.Root recipe={tableSlotRecipe} size="sm" data-testid="register-candidates">
              <Table.Body>
                {list.isPending
                  ? Array.from({ length: 4 }, (_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders: a fixed number of identical rows, never reordered
                      <Table.Row key={i}>
                        <Table.Cell py="3">
                          <Skeleton h="4" w="60%" />
                          <Skeleton h="3" w="40%" mt="1.5" />
                        </Table.Cell>
                      </Table.Row>
                    ))
                  : rows.map((s) => {
                      const chosen = picked?.pkStaffId === s.pkStaffId;
                      return (
                        <Table.Row
                          key={s.pkStaffId}
                          bg={chosen ? 'brand.subtle' : undefined}
                          opacity={list.isPlaceholderData ? 0.6 : 1}
                          data-testid="register-candidate"
                        >
                          <Table.Cell py="2.5">
                            <Text fontWeight="medium">{s.displayName}</Text>
                            <Text fontSize="xs" color="fg.muted">
                              <Text as="span" fontFamily="mono">
                                {s.staffNo}
                              </Text>{' '}
                              · {s.sectionName} · {s.region} · {s.position}
                            </Text>
                          </Table.Cell>
                          <Table.Cell textAlign="end" w="120px">
                            {chosen ? (
                              <Badge colorPalette="brand" size="md">
                                <LuCircleCheck /> {t('users.reg.picked')}
                              </Badge>
                            ) : (
                              <Button size="sm" variant="outline" minH="11" onClick={() => pick(s)} data-testid="register-pick">
                                {t('users.reg.pick')}
                              </Button>
                            )}
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
              </Table.Body>
            </Table.Root>
          </TableScroll>
          {!list.isPending && rows.length === 0 && <EmptyBlock title={t('users.reg.noCandidates')} description={t('users.reg.noCandidatesHint')} />}
          <Flex px="4" py="2" borderTopWidth="1px" borderColor="border.muted" align="center" gap="2">
            <Text fontSize="sm" color="fg.muted">
              {list.data ? t('admin.total', { n: total.toLocaleString('ms-MY') }) : ''}
            </Text>
            <IconButton
              ms="auto"
              variant="outline"
              size="sm"
              minH="11"
              minW="11"
              aria-label={t('admin.prev')}
              disabled={page === 0}
              onClick={() => onSearchChange({ ...search, page: page - 1 })}
            >
              <LuChevronLeft />
            </IconButton>
            <Text fontSize="sm" color="fg.muted" minW="16" textAlign="center">
              {t('admin.page', { page: page + 1, pages })}
            </Text>
            <IconButton
              variant="outline"
              size="sm"
              minH="11"
              minW="11"
              aria-label={t('admin.next')}
              disabled={page + 1 >= pages}
              onClick={() => onSearchChange({ ...search, page: page + 1 })}
            >
              <LuChevronRight />
            </IconButton>
          </Flex>
        </>
      )}
    </Panel>
  );
}

export function RegisterUserScreen({
  search,
  onSearchChange,
  onDone,
}: {
  search: RegisterUserSearch;
  onSearchChange: (s: RegisterUserSearch) => void;
  onDone: (username: string) => void;
}) {
  const t = useT();
  const roles = useGrantableRoles();
  const refresh = useUsersRefresh();
  const [picked, setPicked] = useState<StaffCandidate | null>(null);
  const form = useAdminForm(UserRegistrationSchema, { pkStaffId: 0, username: '', authType: 'LOCAL', password: '' });
  const authType = useWatch({ control: form.control, name: 'authType' });
  const staffError = form.getFieldState('pkStaffId', form.formState).error?.message;

  useEffect(() => {
    if (authType === 'LDAP') form.setValue('password', '', { shouldValidate: false });
  }, [authType, form]);

  const pick = (s: StaffCandidate) => {
    setPicked(s);
    form.setValue('pkStaffId', s.pkStaffId, { shouldValidate: true });
    // the seed's convention: the staff number in lower case; the administrator may type another
    if (!form.getValues('username')) form.setValue('username', s.staffNo.toLowerCase(), { shouldValidate: true });
  };

  return (
    <Box data-testid="register-user">
      <PageHeader
        title={t('users.reg.title')}
        subtitle={t('users.reg.subtitle')}
        actions={
          <Button asChild variant="outline" minH="11">
            <RouterLink to="/manageuser">
              <LuArrowLeft /> {t('users.reg.back')}
            </RouterLink>
          </Button>
        }
      />
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
        <CandidatePicker search={search} onSearchChange={onSearchChange} picked={picked} onPick={pick} />
        <Panel heading={t('users.reg.step2')}>
          <Box p="4">
            <AdminForm
              form={form}
              testId="register-form"
              submitLabel={t('users.reg.submit')}
              onCancel={() => onDone('')}
              onSubmit={async (values) => {
                const created = await registerUser({ ...values, password: values.authType === 'LOCAL' ? values.password : undefined });
                notify.success(t('users.reg.done', { username: created.username }));
                await refresh();
                onDone(created.username);
              }}
            >
              <FormField label={t('users.reg.staff')} required error={staffError}>
                <Box
                  w="full"
                  px="3"
                  py="2.5"
                  rounded="md"
                  borderWidth="1px"
                  borderColor={staffError ? 'red.500' : 'border'}
                  bg={picked ? 'brand.subtle' : 'bg.subtle'}
                  data-testid="register-picked"
                >
                  {picked ? (
                    <>
                      <Text fontWeight="semibold">{picked.displayName}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {picked.staffNo} · {picked.sectionName} · {picked.position}
                      </Text>
                    </>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      {t('users.reg.noStaff')}
                    </Text>
                  )}
                </Box>
              </FormField>
              <TextInput
                form={form}
                name="username"
                label={t('users.reg.username')}
                required
                helper={t('users.reg.usernameHelp')}
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                maxLength={60}
                testId="register-username"
              />
              <SelectInput
                form={form}
                name="roleId"
                label={t('users.reg.role')}
                required
                placeholder={t('users.role.choose')}
                options={(roles.data ?? []).map((r) => ({ value: r.pkRoleId, label: `${r.roleName} · ${roleLabel(r.roleName, r.label)}` }))}
                disabled={roles.isPending}
                helper={roles.isError ? `${t('users.role.loadFailed')} ${errorText(roles.error)}` : undefined}
                testId="register-role"
              />
              <SelectInput
                form={form}
                name="authType"
                label={t('users.reg.authType')}
                required
                numeric={false}
                options={[
                  { value: 'LOCAL', label: t('users.reg.local') },
                  { value: 'LDAP', label: t('users.reg.ldap') },
                ]}
                testId="register-auth"
              />
              {authType === 'LDAP' ? (
                <Alert.Root status="info" rounded="md" data-testid="register-ldap-help">
                  <Alert.Indicator />
                  <Alert.Description>{t('users.reg.ldapHelp')}</Alert.Description>
                </Alert.Root>
              ) : (
                <FormField
                  label={t('users.reg.password')}
                  required
                  error={form.getFieldState('password', form.formState).error?.message}
                  helper={t('users.reg.passwordHelp')}
                >
                  <Flex gap="2" w="full">
                    <Input
                      bg="bg.panel"
                      minH="11"
                      fontFamily="mono"
                      autoComplete="off"
                      spellCheck={false}
                      {...form.register('password')}
                      data-testid="register-password"
                    />
                    <Button
                      variant="outline"
                      minH="11"
                      onClick={() => form.setValue('password', generatePassword(), { shouldValidate: true })}
                      data-testid="register-generate"
                    >
                      <LuDices /> {t('users.reset.generate')}
                    </Button>
                  </Flex>
                </FormField>
              )}
              <Text fontSize="xs" color="fg.muted">
                <LuUserPlus style={{ display: 'inline', verticalAlign: 'middle' }} /> {t('users.reg.onlineOnly')}
              </Text>
            </AdminForm>
          </Box>
        </Panel>
      </Grid>
    </Box>
  );
}
