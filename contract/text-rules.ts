/**
 * One rule for every text the API takes (issue #20 item 1): no NUL or other C0 control character (tab, line feed and
 * carriage return are text), no bidirectional embedding, override or isolate character (they make "gpj.exe" read
 * as "exe.jpg"), and no lone UTF-16 surrogate (it cannot be stored as sent). Zod-free, so the PWA may import it.
 *
 * The server applies it to every request before the route's own schema (server/plugins/text-guard.ts): every body
 * field at any depth, every query filter and every path parameter, signed in or not.
 */

// C0 controls but \t \n \r; U+202A–U+202E embeddings and overrides; U+2066–U+2069 isolates; lone surrogates
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The same rule with the global flag, for finding or removing every forbidden character (a fresh regex per call). */
const forbiddenGlobal = () => new RegExp(FORBIDDEN.source, 'g');

const codePoint = (ch: string) => `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Every forbidden character of a text as 'U+0000' (each once, in order); empty when the text is clean. */
export function forbiddenCharsIn(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(forbiddenGlobal())) seen.add(codePoint(m[0]));
  return [...seen];
}

/** The text without its forbidden characters. */
export const stripForbidden = (text: string): string => text.replace(forbiddenGlobal(), '');

/** The first forbidden character of a text as 'U+0000', or null when the text is clean. */
export function forbiddenCharIn(text: string): string | null {
  const m = FORBIDDEN.exec(text);
  return m ? codePoint(m[0]) : null;
}

export const textRuleMessage = (char: string) => `Teks mengandungi aksara yang tidak dibenarkan (${char}).`;

export interface ForbiddenText {
  /** where it is: 'entry', 'items.0.remark', a key itself when the key is the bad text */
  field: string;
  char: string;
}

/** Walks a parsed JSON value (keys and values, any depth) and answers the first text that breaks the rule. */
export function findForbiddenText(value: unknown, path = ''): ForbiddenText | null {
  if (typeof value === 'string') {
    const char = forbiddenCharIn(value);
    return char ? { field: path, char } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenText(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const keyChar = forbiddenCharIn(key);
      const field = path ? `${path}.${key}` : key;
      if (keyChar) return { field: JSON.stringify(field).slice(1, -1), char: keyChar };
      const found = findForbiddenText(v, field);
      if (found) return found;
    }
  }
  return null;
}
