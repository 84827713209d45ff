import type { ReactNode } from 'react';
import type { SubformChildren } from '../children-model';

/** What every child-list editor takes: the subform's child lists, their update, and the read-only flag (§2.15). */
export interface ListEditorProps {
  value: SubformChildren;
  onChange: (next: SubformChildren) => void;
  /** every control read-only: no add, edit or delete; the list still shows */
  disabled: boolean;
}

/** The accident's lists with an N/A checkbox (§4.5): asset damage, lane closure, traffic jam. */
export interface NaListEditorProps extends ListEditorProps {
  /** the accident's N/A is ticked: nothing to add */
  na?: boolean;
  /** beside the title: the N/A checkbox */
  headerExtra?: ReactNode;
}
