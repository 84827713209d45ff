import { useSyncExternalStore } from 'react';
import { ms, type TextKey } from './ms';

export type { TextKey };
export type Language = 'ms' | 'en';

export const LANGUAGES: readonly Language[] = ['ms', 'en'];
/** Malay ships with the app; English loads when it is chosen (before the first render when it was chosen before). */
const DICTIONARIES: Partial<Record<Language, Record<TextKey, string>>> = { ms };
const LOADERS: Record<Language, () => Promise<Record<TextKey, string>>> = {
  ms: async () => ms,
  en: async () => (await import('./en')).en,
};
export const LANGUAGE_STORAGE_KEY = 'lebuhraya.lang';

function readStoredLanguage(): Language {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return v === 'en' || v === 'ms' ? v : 'ms';
  } catch {
    return 'ms';
  }
}

let current: Language = readStoredLanguage();
const listeners = new Set<() => void>();

export const getLanguage = () => current;

/** Makes sure the texts of a language are there (English is a chunk of its own). */
export async function loadLanguage(lang: Language = current): Promise<void> {
  DICTIONARIES[lang] ??= await LOADERS[lang]();
}

let switches = 0;

/** Switches the language once its texts are there (the last call wins). */
export async function setLanguage(lang: Language): Promise<void> {
  const mine = ++switches;
  await loadLanguage(lang);
  if (mine !== switches || lang === current) return;
  current = lang;
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* private mode: keep it for this tab only */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export type TextParams = Record<string, string | number>;

/** Text of the current language (Malay until a language's texts have loaded); `{name}` placeholders are filled. */
export function t(key: TextKey, params?: TextParams, lang: Language = current): string {
  const text = DICTIONARIES[lang]?.[key] ?? ms[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Re-renders the component when the language changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}

/** `const t = useT()` in components, so a language switch re-renders them. */
export function useT() {
  const lang = useLanguage();
  return (key: TextKey, params?: TextParams) => t(key, params, lang);
}

/** Menu items of the contract carry label keys; they are always keys of the text modules. */
export const isTextKey = (k: string): k is TextKey => k in ms;
export const label = (k: string, lang: Language = current) => (isTextKey(k) ? t(k, undefined, lang) : k);
