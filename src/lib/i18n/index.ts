import { useSyncExternalStore } from 'react';
import { ms } from './ms';
import type { TextKey } from './text-keys';

/**
 * UI texts, one module per language: the shell's texts are ms.ts (Malay, ships with the shell) and en.ts (English,
 * a chunk of its own, loaded when English is chosen). A screen's texts are a part, parts/<area>.ts, exporting
 * `<area>Ms` and `<area>En` and ending with `registerTexts(<area>Ms, <area>En)`: the part loads with the chunk of
 * the feature that imports it (`import '@/lib/i18n/parts/<area>';` in the module that uses its keys or in the
 * feature's entry module above it), so a screen's texts never ship in the shell.
 * A new part: add it to the TextKey union (text-keys.ts) and import it where its texts are used;
 * tests/unit/i18n.test.ts fails when a module can be reached from the app's entry without passing through an
 * import of the parts whose texts it uses, or when a part does not register itself or is missing from TextKey.
 * The server's own texts (its errors, in Malay from any API) are shown through `serverText`: English has a catalogue
 * of them, server-texts-en.ts, loaded with en.ts.
 */
export type { TextKey };
export type Language = 'ms' | 'en';

export const LANGUAGES: readonly Language[] = ['ms', 'en'];

/** The texts there are by language: the shell's (Malay at once, English once loaded) and every registered part's. */
const TEXTS: Record<Language, Record<string, string>> = { ms: { ...ms }, en: {} };
/** Languages whose shell texts are there; until English has loaded, Malay stands in everywhere. */
const LOADED = new Set<Language>(['ms']);
/** The server's texts (Malay, from any API) in English: server-texts-en.ts, a chunk loaded with en.ts. */
let serverEn: ((text: string) => string) | undefined;
const LOADERS: Record<Language, () => Promise<Record<string, string>>> = {
  ms: async () => ms,
  en: async () => {
    // without the catalogue (a chunk that would not load) the English screens still come, the server's texts as sent
    const [{ en }, catalogue] = await Promise.all([import('./en'), import('./server-texts-en').catch(() => undefined)]);
    serverEn = catalogue?.serverTextEn;
    return en;
  },
};

/** A part's texts, both languages (called by the part module itself when its feature's chunk loads). */
export function registerTexts<K extends string>(msPart: Record<K, string>, enPart: Record<K, string>): void {
  Object.assign(TEXTS.ms, msPart);
  Object.assign(TEXTS.en, enPart);
}
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
  if (LOADED.has(lang)) return;
  const texts = await LOADERS[lang]();
  TEXTS[lang] = { ...texts, ...TEXTS[lang] };
  LOADED.add(lang);
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
  listeners.forEach((l) => {
    l();
  });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export type TextParams = Record<string, string | number>;

/** Text of the current language (Malay until a language's texts have loaded); `{name}` placeholders are filled. */
export function t(key: TextKey, params?: TextParams, lang: Language = current): string {
  const text = (LOADED.has(lang) ? TEXTS[lang][key] : undefined) ?? TEXTS.ms[key] ?? missing(key);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

function missing(key: string): string {
  // a part not imported on the way to the module that uses it (the unit test of i18n finds these statically)
  if (import.meta.env.DEV) console.warn(`UI text '${key}' is not registered: import its part (src/lib/i18n/parts)`);
  return key;
}

/**
 * A text the server sent (an error's message, a field's) in a language, by default the current one: the API answers
 * in Malay, the English catalogue translates what it knows and leaves the rest as it came. Call it where the text is
 * shown, so a language switch shows an error already on screen, or one stored days ago, in the other language.
 */
export const serverText = (text: string, lang: Language = current): string => (lang === 'en' && serverEn ? serverEn(text) : text);

/** Re-renders the component when the language changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}

/** One `t` per language: the same function from render to render, so memoised props and hooks that take it hold. */
const tOf = new Map<Language, (key: TextKey, params?: TextParams) => string>();

/** `const t = useT()` in components, so a language switch re-renders them (and `t` changes with it). */
export function useT() {
  const lang = useLanguage();
  let fn = tOf.get(lang);
  if (!fn) {
    fn = (key: TextKey, params?: TextParams) => t(key, params, lang);
    tOf.set(lang, fn);
  }
  return fn;
}

/** Menu items of the contract carry label keys; they are always keys of the text modules. */
export const isTextKey = (k: string): k is TextKey => k in TEXTS.ms;
export const label = (k: string, lang: Language = current) => (isTextKey(k) ? t(k, undefined, lang) : k);
