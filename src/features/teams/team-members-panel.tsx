import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Box, Button, Checkbox, Dialog, Flex, Input, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuSearch, LuUserMinus, LuUserPlus, LuUsers } from 'react-icons/lu';
import { TEAM_MEMBERS_MAX, type TeamDetail, type TeamMemberRow } from '@contract/teams';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/teams';
import '@/lib/i18n/parts/admin';
import { errorText, isApiError } from '@/lib/api';
import { historyKey } from '@/ui/admin/change-history';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Panel } from '@/ui/panel';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { addMembersCall, candidatesCall, membersCall, removeMemberCall, TEAM_HISTORY_ENTITIES, teamKeys } from './teams-api';
import { TableScroll } from '@/ui/table-scroll';

const HEAD = { fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.05em', py: '2' } as const;

/** The members of a team (§7.5 teamMembers): the leader marked, add from the free staff of the section, remove. */
export function TeamMembersPanel({ team }: { team: TeamDetail }) {
  const t = useT();
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: teamKeys.members(team.pkTeamId), queryFn: () => membersCall(team.pkTeamId) });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamMemberRow | null>(null);
  const [pending, setPending] = useState(false);
  const rows = members.data?.rows ?? [];
  const full = (members.data?.recordCount ?? 0) >= TEAM_MEMBERS_MAX;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      ...TEAM_HISTORY_ENTITIES.map((entity) => queryClient.invalidateQueries({ queryKey: historyKey(entity, team.pkTeamId) })),
    ]);

  const remove = async () => {
    if (!removing) return;
    setPending(true);
    try {
      const outcome = await removeMemberCall(team.pkTeamId, removing);
      if (outcome.status === 'sent') notify.success(t('teams.members.removed', { name: removing.displayName }));
      setRemoving(null);
      await refresh();
    } catch (err) {
      setRemoving(null);
      notify.error(errorText(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Panel
      heading={
        <Flex align="center" gap="2">
          <LuUsers /> {t('teams.members')}
          {members.data && (
            <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal" data-testid="team-member-count">
              {t('teams.members.count', { n: members.data.recordCount, max: TEAM_MEMBERS_MAX })}
            </Text>
          )}
        </Flex>
      }
      actions={
        <Button
          size="sm"
          minH="11"
          colorPalette="brand"
          onClick={() => setAdding(true)}
          disabled={full || !members.data}
          title={full ? t('teams.members.full', { max: TEAM_MEMBERS_MAX }) : undefined}
          data-testid="team-member-add"
        >
          <LuUserPlus /> {t('teams.members.add')}
        </Button>
      }
      data-testid="team-members"
    >
      {members.isPending ? (
        <Stack p="4" gap="2">
          <Skeleton h="8" />
          <Skeleton h="8" />
          <Skeleton h="8" />
        </Stack>
      ) : members.isError ? (
        <Box p="4">
          <ErrorBlock
            title={t('teams.members.loadFailed')}
            message={errorText(members.error)}
            offline={isApiError(members.error) && members.error.kind !== 'http'}
            onRetry={() => void members.refetch()}
          />
        </Box>
      ) : rows.length === 0 ? (
        <EmptyBlock title={t('teams.members.empty')} description={t('teams.members.emptyHint')} icon={<LuUsers />} />
      ) : (
        <TableScroll>
          <Table.Root recipe={tableSlotRecipe} size="sm" minW="560px" data-testid="team-member-table">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader {...HEAD}>{t('teams.members.col.name')}</Table.ColumnHeader>
                <Table.ColumnHeader {...HEAD} w="110px">
                  {t('teams.members.col.staffNo')}
                </Table.ColumnHeader>
                <Table.ColumnHeader {...HEAD}>{t('teams.members.col.position')}</Table.ColumnHeader>
                <Table.ColumnHeader {...HEAD} w="120px" />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((m) => (
                <Table.Row key={m.pkTeamMemberId} data-testid="team-member-row">
                  <Table.Cell py="2">
                    <Flex align="center" gap="2" wrap="wrap">
                      <Text fontWeight="medium">{m.displayName}</Text>
                      {m.isLeader && (
                        <Badge colorPalette="brand" size="sm" data-testid="team-member-leader">
                          {t('teams.members.leader')}
                        </Badge>
                      )}
                      {!m.isActive && (
                        <Badge colorPalette="orange" size="sm">
                          {t('teams.members.inactive')}
                        </Badge>
                      )}
                    </Flex>
                    {m.sectionName !== team.sectionName && (
                      <Text fontSize="xs" color="fg.muted">
                        {t('teams.members.col.section')}: {m.sectionName}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell fontVariantNumeric="tabular-nums">{m.staffNo}</Table.Cell>
                  <Table.Cell fontSize="sm">{m.position}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="sm" minH="11" variant="ghost" colorPalette="red" onClick={() => setRemoving(m)} data-testid="team-member-remove">
                      <LuUserMinus /> {t('teams.members.remove')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
      {adding && (
        <AddMembersDialog
          team={team}
          room={TEAM_MEMBERS_MAX - (members.data?.recordCount ?? 0)}
          onClose={() => setAdding(false)}
          onAdded={async () => {
            setAdding(false);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('teams.members.removeTitle')}
        message={t('teams.members.removeConfirm', { name: removing?.displayName ?? '', team: team.teamName })}
        confirmLabel={t('teams.members.remove')}
        cancelLabel={t('admin.cancel')}
        colorPalette="red"
        pending={pending}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
        testId="team-member-remove-confirm"
      />
    </Panel>
  );
}

/** Choose staff to add: active staff of the team's section (or region) in no active team, by name or number. */
function AddMembersDialog({ team, room, onClose, onAdded }: { team: TeamDetail; room: number; onClose: () => void; onAdded: () => Promise<void> }) {
  const t = useT();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [sameSection, setSameSection] = useState(true);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  // the refusal itself: its text is read when shown, in the language of the moment
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  // search as the user types, a moment after the last key
  useEffect(() => {
    const id = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(id);
  }, [text]);

  const filter = { teamId: team.pkTeamId, sameSection, ...(search ? { search } : {}) };
  const candidates = useQuery({ queryKey: teamKeys.candidates(filter), queryFn: () => candidatesCall(filter), placeholderData: (prev) => prev });
  const rows = candidates.data?.rows ?? [];

  const toggle = (id: number, name: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (on) next.set(id, name);
      else next.delete(id);
      return next;
    });

  const add = async () => {
    setError(null);
    setSending(true);
    try {
      const outcome = await addMembersCall(team.pkTeamId, team.teamName, [...chosen.keys()]);
      if (outcome.status === 'sent') notify.success(t('teams.members.added', { n: outcome.answer.length }));
      await onAdded();
    } catch (err) {
      // a refusal (409: already in another active team) stays in the dialog with the choice as it was
      setError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open
      onOpenChange={(e) => !e.open && !sending && onClose()}
      placement="center"
      size="md"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="650px" mx="4" data-testid="team-member-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('teams.members.dialogTitle', { team: team.teamName })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Flex gap="3" align="center" wrap="wrap">
                  <Flex flex="1" minW="220px" align="center" gap="2" borderWidth="1px" borderColor="border" rounded="md" px="3" bg="bg.panel">
                    <LuSearch color="var(--chakra-colors-gray-500)" />
                    <Input
                      variant="flushed"
                      border="none"
                      minH="11"
                      value={text}
                      onChange={(e) => setText(e.currentTarget.value)}
                      placeholder={t('teams.members.search')}
                      maxLength={60}
                      autoFocus
                      data-testid="team-member-search"
                    />
                  </Flex>
                  <Checkbox.Root
                    recipe={checkboxSlotRecipe}
                    colorPalette="brand"
                    checked={sameSection}
                    onCheckedChange={(d) => setSameSection(d.checked === true)}
                    minH="11"
                    data-testid="team-member-same-section"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontSize="sm">
                      {t('teams.members.sameSection')} ({team.sectionName})
                    </Checkbox.Label>
                  </Checkbox.Root>
                </Flex>
                <Text fontSize="xs" color="fg.muted">
                  {t('teams.members.candidatesHint')}
                </Text>
                <Box borderWidth="1px" borderColor="border" rounded="md" maxH="340px" overflowY="auto" data-testid="team-candidates">
                  {candidates.isPending ? (
                    <Stack p="3" gap="2">
                      <Skeleton h="8" />
                      <Skeleton h="8" />
                    </Stack>
                  ) : candidates.isError ? (
                    <Box p="3">
                      <ErrorBlock
                        title={t('teams.members.candidatesFailed')}
                        message={errorText(candidates.error)}
                        onRetry={() => void candidates.refetch()}
                      />
                    </Box>
                  ) : rows.length === 0 ? (
                    <Text p="4" fontSize="sm" color="fg.muted" textAlign="center" data-testid="team-candidates-empty">
                      {t('teams.members.noCandidates')}
                    </Text>
                  ) : (
                    <Stack gap="0" opacity={candidates.isPlaceholderData ? 0.6 : 1}>
                      {rows.map((c) => {
                        const on = chosen.has(c.pkStaffId);
                        return (
                          <Checkbox.Root
                            key={c.pkStaffId}
                            recipe={checkboxSlotRecipe}
                            colorPalette="brand"
                            checked={on}
                            disabled={!on && chosen.size >= room}
                            onCheckedChange={(d) => toggle(c.pkStaffId, c.displayName, d.checked === true)}
                            px="3"
                            py="2"
                            minH="11"
                            w="full"
                            borderBottomWidth="1px"
                            borderColor="border.muted"
                            bg={on ? 'brand.subtle' : undefined}
                            data-testid="team-candidate"
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label flex="1">
                              <Flex justify="space-between" gap="3" wrap="wrap">
                                <Text fontWeight="medium">{c.displayName}</Text>
                                <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                                  {c.staffNo} · {c.sectionName}
                                </Text>
                              </Flex>
                              <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                                {c.position}
                              </Text>
                            </Checkbox.Label>
                          </Checkbox.Root>
                        );
                      })}
                    </Stack>
                  )}
                </Box>
                {candidates.data && candidates.data.recordCount > rows.length && (
                  <Text fontSize="xs" color="fg.muted">
                    {t('teams.members.more', { shown: rows.length, total: candidates.data.recordCount })}
                  </Text>
                )}
                {chosen.size > 0 && (
                  <Flex gap="1" wrap="wrap" data-testid="team-member-chosen">
                    {[...chosen].map(([id, name]) => (
                      <Badge key={id} colorPalette="brand" variant="subtle" size="sm">
                        {name}
                      </Badge>
                    ))}
                  </Flex>
                )}
                {error != null && (
                  <Alert.Root status="error" rounded="md" data-testid="team-member-error">
                    <Alert.Indicator />
                    <Alert.Title>{isApiError(error) ? error.shownMsg : errorText(error)}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" minH="11" minW="24" onClick={onClose} disabled={sending}>
                {t('admin.cancel')}
              </Button>
              <Button
                colorPalette="brand"
                minH="11"
                minW="28"
                onClick={() => void add()}
                loading={sending}
                disabled={chosen.size === 0}
                data-testid="team-member-add-submit"
              >
                <LuUserPlus /> {t('teams.members.addSelected', { n: chosen.size })}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
