/**
 * Tutup of a case whose lane closures have no Masa Buka (issue #5 item 3): the opening time of each still-closed
 * lane first (default now), then the case is closed. Times are Asia/Brunei wall clock, as the lane editor shows them.
 */
import { useEffect, useState } from 'react';
import { Button, Dialog, Field, Flex, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { CHILD_LIMITS } from '@contract/child-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/clock';
import { formatDateTime, instantOfWall, todayIso, wallDateTime } from '@/lib/time';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import type { LaneClosureItem } from '../form/children-model';
import { closureStart } from './clock';

type Opening = { date: string; time: string };

/** Whether an opening time is acceptable for its closure: after Masa Tutup, not later than now. */
export function openingOk(c: LaneClosureItem, o: Opening, now = Date.now()): boolean {
  const end = instantOfWall(o.date, o.time);
  const start = closureStart(c);
  if (!end || !start) return false;
  return Date.parse(end) >= Date.parse(start) && Date.parse(end) <= now + CHILD_LIMITS.clockSkewMs;
}

export function OpenLanesDialog({
  open,
  closures,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  closures: LaneClosureItem[];
  pending: boolean;
  onConfirm: (updated: LaneClosureItem[]) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [openings, setOpenings] = useState<Record<string, Opening>>({});
  useEffect(() => {
    if (!open) return;
    const now = wallDateTime(Date.now());
    setOpenings(Object.fromEntries(closures.map((c) => [c.uid, { date: now.date, time: now.time }])));
  }, [open, closures]);
  const [tried, setTried] = useState(false);
  const valid = closures.every((c) => openings[c.uid] && openingOk(c, openings[c.uid]));
  const confirm = () => {
    setTried(true);
    if (!valid) return;
    onConfirm(closures.map((c) => ({ ...c, dateEndSelected: openings[c.uid].date, timeEndSelected: openings[c.uid].time })));
  };
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(e) => !e.open && !pending && onCancel()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="600px" mx="4" data-testid="open-lanes-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('clock.openLanes.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">{t('clock.openLanes.text')}</Text>
                {closures.map((c) => {
                  const o = openings[c.uid] ?? { date: '', time: '' };
                  const bad = tried && !openingOk(c, o);
                  const set = (patch: Partial<Opening>) => setOpenings((cur) => ({ ...cur, [c.uid]: { ...o, ...patch } }));
                  return (
                    <Stack
                      key={c.uid}
                      gap="2"
                      borderWidth="1px"
                      borderColor={bad ? 'red.300' : 'border'}
                      rounded="md"
                      p="3"
                      data-testid="open-lanes-row"
                    >
                      <Text fontWeight="semibold">
                        {c.roadLane} ({c.cardinalDirection}) · {t('clock.openLanes.closedAt', { time: formatDateTime(closureStart(c)) })}
                      </Text>
                      <Flex gap="3" wrap="wrap">
                        <Field.Root flex="1" minW="150px" invalid={bad}>
                          <Field.Label fontSize="sm">{t('clock.openLanes.date')}</Field.Label>
                          <Input
                            type="date"
                            value={o.date}
                            max={todayIso()}
                            min={c.dateStartSelected}
                            onChange={(e) => set({ date: e.target.value })}
                            data-testid="open-lanes-date"
                          />
                        </Field.Root>
                        <Field.Root flex="1" minW="150px" invalid={bad}>
                          <Field.Label fontSize="sm">{t('clock.openLanes.time')}</Field.Label>
                          <Input
                            type="time"
                            step="1"
                            value={o.time}
                            onChange={(e) => set({ time: e.target.value.length === 5 ? `${e.target.value}:00` : e.target.value })}
                            data-testid="open-lanes-time"
                          />
                        </Field.Root>
                      </Flex>
                      {bad && (
                        <Text fontSize="sm" color="red.fg" data-testid="open-lanes-error">
                          {t('clock.openLanes.invalid')}
                        </Text>
                      )}
                    </Stack>
                  );
                })}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" minH="11" onClick={onCancel} disabled={pending} data-testid="open-lanes-cancel">
                {t('clock.openLanes.cancel')}
              </Button>
              <Button colorPalette="teal" minH="11" onClick={confirm} loading={pending} data-testid="open-lanes-confirm">
                {t('clock.openLanes.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
