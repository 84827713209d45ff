/**
 * Lookup lists (§7.2, POST /rest/roster/lookup/{name}), cached per user in IndexedDB so forms keep working with
 * patchy coverage. Lookups answer without a token too; signed in, the session token is sent.
 */
import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@contract/paths';
import type { LookupItem } from '@contract/envelope';
import type { LookupName } from '@contract/lookups';
import { ROLES } from '@contract/roles';
import { apiPost } from './api';
import { networkFirst } from './cached';
import { useSession } from './session';
import { getLanguage, useLanguage, type Language } from './i18n';

export const lookupCacheKey = (name: LookupName) => `lookup:${name}`;

export const lookupCall = (name: LookupName) => apiPost<LookupItem[]>(PATHS.lookup(name), {});

/** A lookup item as the screens get it: `value` is the name in the current language, `valueMs` the Malay one (the server's). */
export type ShownLookupItem = LookupItem & { valueMs: string };

/** The items of a list with their names in a language (issue #31): English where the server sent one. */
export const shownItems = (items: readonly LookupItem[], lang: Language): ShownLookupItem[] =>
  items.map((i) => ({ ...i, value: lookupLabel(i, lang), valueMs: i.value }));

/**
 * A lookup list, its `value`s in the current language (re-renders on a language switch): every screen that shows a
 * lookup value through this hook shows it in English in English mode. Compare with the server's texts through
 * `valueMs`.
 */
export function useLookup(name: LookupName) {
  const session = useSession();
  const userId = session?.user.userId;
  const lang = useLanguage();
  const select = useCallback((items: LookupItem[]) => shownItems(items, lang), [lang]);
  return useQuery({
    queryKey: ['lookup', name, userId ?? 'anon'],
    queryFn: async () => (await networkFirst(userId, lookupCacheKey(name), () => lookupCall(name))).data,
    staleTime: 30 * 60_000,
    select,
  });
}

/** A lookup value as shown: its English name in English mode (issue #31), else (or when the API sent none) the Malay value. */
export function lookupLabel(
  item: { value: string; valueEn?: string | null; valueMs?: string } | null | undefined,
  lang: Language = getLanguage(),
): string {
  if (!item) return '';
  return lang === 'en' && item.valueEn ? item.valueEn : (item.valueMs ?? item.value);
}

/** The current language's names of one list's loaded items, found by `keyOf` (re-renders on a language switch). */
function useLookupIndex<K>(name: LookupName, keyOf: (item: ShownLookupItem) => K): (key: K) => string | undefined {
  const lang = useLanguage();
  const { data } = useLookup(name);
  return useMemo(() => {
    const byKey = new Map((data ?? []).map((i) => [keyOf(i), i]));
    return (key) => {
      const item = byKey.get(key);
      return item ? lookupLabel(item, lang) : undefined;
    };
  }, [data, lang, keyOf]);
}

const byItemKey = (i: ShownLookupItem) => i.key;
const byMalayValue = (i: ShownLookupItem) => i.valueMs;

/** A list's label of a key (with the server's text as the fallback): what useLookupLabel gives, passed to rows. */
export type LookupLabel = (key: number | null | undefined, fallback?: string | null) => string;
/** A list's English name of a Malay value: what useLookupText gives, passed to rows. */
export type LookupText = (value: string | null | undefined) => string;

/**
 * Labels of one lookup list by key, for rows that carry a key and the server's Malay text (a status, a case type):
 * `label(key, fallback)` is the item's lookupLabel, or the fallback when the key is not in the list (yet).
 */
export function useLookupLabel(name: LookupName): LookupLabel {
  const find = useLookupIndex<number>(name, byItemKey);
  return useCallback((key, fallback) => (key == null ? undefined : find(key)) ?? fallback ?? '', [find]);
}

/** The English name of a Malay value among the loaded items of a list (rows that carry only the text). */
export function useLookupText(name: LookupName): LookupText {
  const find = useLookupIndex<string>(name, byMalayValue);
  return useCallback((value) => (value ? (find(value) ?? value) : ''), [find]);
}

/** The words of a shift's name in English (a shift is named 'Syif <word>': Syif Pagi is the Day shift). */
const SHIFT_WORDS_EN: Readonly<Record<string, string>> = {
  pagi: 'Day',
  siang: 'Day',
  petang: 'Evening',
  malam: 'Night',
  pejabat: 'Office',
  ganti: 'Relief',
};

/**
 * A shift's name as shown: in English, 'Syif Pagi' reads 'Day shift' and 'Syif Malam' 'Night shift' (the English
 * names the seed gives shift.name_en); a name of another form is shown as it is.
 */
export function shiftLabel(name: string | null | undefined, lang: Language = getLanguage()): string {
  if (!name) return '';
  if (lang !== 'en') return name;
  const m = /^syif\s+(.+)$/i.exec(name.trim());
  if (!m) return name;
  return `${m[1]
    .split(/\s+/)
    .map((w) => SHIFT_WORDS_EN[w.toLowerCase()] ?? w)
    .join(' ')} shift`;
}

/** A role's label as shown: the English label of contract/roles.ts in English mode, else the Malay one (or the fallback). */
export function roleLabel(roleName: string | null | undefined, fallback?: string | null, lang: Language = getLanguage()): string {
  const role = ROLES.find((r) => r.name === roleName);
  if (!role) return fallback ?? roleName ?? '';
  return lang === 'en' ? role.labelEn : (fallback ?? role.label);
}
