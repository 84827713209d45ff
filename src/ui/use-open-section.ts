import { useEffect, useRef, type RefObject } from 'react';
import type { CaseSection } from '@/lib/spec-routes';

/**
 * Where each part of a case is on its detail page (issue #19, ?section= of /insidenView/{id}): the first match
 * wins. Further actions are the subform's requestFurtherActionList editors; a case without them (no assistance
 * chosen, or a type whose lists are elsewhere) opens at its Jenis Bantuan, then at the subform.
 */
export const SECTION_TARGETS: Readonly<Record<CaseSection, readonly string[]>> = {
  journal: ['[data-testid="detail-journal-slot"]'],
  furtherActions: [
    '[data-testid="child-requestFurtherActionList-OTHER"]',
    '[data-testid="child-requestFurtherActionList-EXISTING"]',
    '[data-testid="sub-assist"]',
    '[data-testid="sub-assist-other"]',
    '[data-testid="case-subform"]',
  ],
  assistance: ['[data-testid="sub-assist"]', '[data-testid="sub-assist-other"]', '[data-testid="case-subform"]'],
};

/** how long a preferred target may take to appear (the subform's lists render once their data is in) */
const SETTLE_MS = 1500;
/** while a field of the page still loads its options (a skeleton marked data-pending), the wait goes on up to this */
const PENDING_CAP_MS = 15_000;
const STEP_MS = 100;

/**
 * Once `ready`, scrolls the part `section` names into view, marks it (data-section-open, a brief outline) and moves
 * the focus there, once per page. A preferred target not there yet is waited for a moment (longer while a field of the
 * page still loads) before the next one is taken.
 */
export function useOpenSection(root: RefObject<HTMLElement | null>, section: CaseSection | undefined, ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!section || !ready || done.current) return;
    const selectors = SECTION_TARGETS[section];
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      const box = root.current;
      if (!box) return;
      const elapsed = Date.now() - started;
      // a slow tablet may still be loading a list the preferred target is drawn from: that is not "absent" yet
      const waited = elapsed >= SETTLE_MS && (elapsed >= PENDING_CAP_MS || !box.querySelector('[data-pending]'));
      // the first selector that matches; before the wait is over, only the first (preferred) ones count
      const found = selectors.map((s) => box.querySelector<HTMLElement>(s)).find((el, i) => el && (waited || i < preferredCount(section)));
      if (!found) {
        if (!waited) timer = setTimeout(attempt, STEP_MS);
        else done.current = true;
        return;
      }
      done.current = true;
      found.setAttribute('data-section-open', section);
      found.style.scrollMarginTop = '96px';
      found.style.outline = '2px solid var(--chakra-colors-brand-400)';
      found.style.outlineOffset = '4px';
      if (!found.hasAttribute('tabindex')) found.setAttribute('tabindex', '-1');
      found.scrollIntoView({ block: 'start' });
      found.focus({ preventScroll: true });
      timer = setTimeout(() => {
        found.style.outline = '';
      }, 4000);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [root, section, ready]);
}

/** the targets worth waiting for: further actions wait for their lists, the others take the first match */
const preferredCount = (section: CaseSection) => (section === 'furtherActions' ? 2 : 1);
