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

/** one place of the walk: a value, or an object's key to check; `seg` its own part of the path (null at the top) */
type Step = { value: unknown; seg: string | null; up: Step | null } | { key: string; seg: string; up: Step | null };

/** The dotted path of a step, from its parents (built only for the one that is reported). */
function pathOf(step: Step | null, prefix: string): string {
  const segs: string[] = [];
  for (let s = step; s; s = s.up) if (s.seg !== null) segs.push(s.seg);
  if (prefix) segs.push(prefix);
  return segs.reverse().join('.');
}

/**
 * Walks a parsed JSON value (keys and values, any depth) and answers the first text, in document order, that breaks
 * the rule. Without recursion (an explicit stack): 100,000 nested arrays used to overflow the call stack (issue #27).
 */
export function findForbiddenText(value: unknown, path = ''): ForbiddenText | null {
  const stack: Step[] = [{ value, seg: null, up: null }];
  while (stack.length) {
    const step = stack.pop() as Step;
    if ('key' in step) {
      const keyChar = forbiddenCharIn(step.key);
      if (keyChar) return { field: JSON.stringify(pathOf(step, path)).slice(1, -1), char: keyChar };
      continue;
    }
    const v = step.value;
    if (typeof v === 'string') {
      const char = forbiddenCharIn(v);
      if (char) return { field: pathOf(step, path), char };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], seg: String(i), up: step });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      // reversed onto the stack: each key is checked, then its value's whole subtree, before the next key
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        stack.push({ value: child, seg: key, up: step }, { key, seg: key, up: step });
      }
    }
  }
  return null;
}

// ------------------------------------------------------------------------------------------------ nesting depth

/**
 * The deepest nesting of arrays and objects a request may send (issue #27). The API's own bodies nest a handful of
 * levels (tests/server/deep-json.test.ts measures its OpenAPI document); deeper JSON only ever comes from an attacker
 * or a broken client. The server refuses it (400, this message) before anything walks the body: the route's schema,
 * the idempotency fingerprint, the answer cache's key and JSON.stringify all recurse, and 5,000 nested arrays (10 KB)
 * overflowed the call stack (500). The JSON parser itself takes any depth within the body size limit.
 */
export const MAX_JSON_DEPTH = 64;
export const jsonDepthMessage = `Data bersarang terlalu dalam: maksimum ${MAX_JSON_DEPTH} tahap.`;

/**
 * Whether a parsed JSON value nests arrays and objects deeper than `limit` (a string or number is 0 levels, [] and
 * {} are 1, [[1]] is 2). Without recursion; stops at the first container past the limit.
 */
export function nestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
