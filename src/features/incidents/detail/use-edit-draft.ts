/**
 * The detail page's edit form as a draft (issue #4 item 2): saved 500 ms after the last change while editing,
 * resumed from ?draft=<id> (also a refused edit reopened from the outbox panel), deleted when sent or abandoned.
 */
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { IncidentView } from '@contract/incidents';
import { useSession } from '@/lib/session';
import { getDb } from '@/offline/db';
import { deleteDraft } from '@/offline/drafts';
import { newId } from '@/offline/outbox';
import type { IncidentMainValues, SubformValues } from '../form';
import { normalizeChildren } from '../form/children-io';
import { loadDraft, replacedIds, saveEditDraft, type EditDraftValues } from '../new-case/new-case-drafts';

export function useEditDraft(opts: {
  draftId?: string;
  view: IncidentView | undefined;
  editing: boolean;
  main: UseFormReturn<IncidentMainValues>;
  sub: SubformValues;
  subformVersion: number | null;
  onResume: (d: { main: IncidentMainValues; sub: SubformValues }) => void;
}) {
  const { draftId, view, editing, main, sub, subformVersion } = opts;
  const userId = useSession()?.user.userId;
  const state = useRef<{ id: string; replaces?: string; resumed: boolean; dropped: boolean }>({
    id: draftId ?? newId(),
    resumed: !draftId,
    dropped: false,
  });
  const onResume = useRef(opts.onResume);
  onResume.current = opts.onResume;

  // resume ?draft= once the case is there
  useEffect(() => {
    if (!draftId || !view || state.current.resumed) return;
    state.current.resumed = true;
    void loadDraft<EditDraftValues>(draftId).then((d) => {
      if (d?.kind !== 'subform' || d.incidentId !== view.pkIncidentId) return;
      state.current = { id: d.id, replaces: d.replaces, resumed: true, dropped: false };
      const sub = d.values.sub as SubformValues;
      onResume.current({ main: d.values.main as IncidentMainValues, sub: { ...sub, children: normalizeChildren(sub.children) } });
    });
  }, [draftId, view]);

  const values = (): EditDraftValues => ({ main: main.getValues(), sub, version: view?.version ?? null, subformVersion });

  const watched = useWatch({ control: main.control });
  // biome-ignore lint/correctness/useExhaustiveDependencies: saved 500 ms after a change of the watched fields or the subform; values() reads them at that moment
  useEffect(() => {
    if (!editing || !view || !userId) return;
    state.current.dropped = false;
    const timer = setTimeout(() => {
      if (state.current.dropped) return;
      void saveEditDraft({
        id: state.current.id,
        userId,
        incidentId: view.pkIncidentId,
        ticket: view.ticketNumber,
        values: values(),
        replaces: state.current.replaces,
      }).catch((err) => console.warn('[draft] not saved', err));
    }, 500);
    return () => clearTimeout(timer);
  }, [editing, watched, sub, view, userId]);

  return {
    values,
    replaces: () => replacedIds(state.current.replaces ? { replaces: state.current.replaces } : undefined),
    drop: () => {
      state.current.dropped = true;
      const id = state.current.id;
      state.current = { id: newId(), resumed: true, dropped: true };
      void deleteDraft(getDb(), id).catch(() => {});
    },
  };
}
