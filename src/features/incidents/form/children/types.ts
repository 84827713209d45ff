import type { SubformChildren } from '../children-model';

/** What every child-list editor takes: the subform's child lists, their update, and the read-only flag (§2.15). */
export interface ListEditorProps {
  value: SubformChildren;
  onChange: (next: SubformChildren) => void;
  /** every control read-only: no add, edit or delete; the list still shows */
  disabled: boolean;
}
