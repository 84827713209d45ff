import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The README is a newcomer's page (at most 200 lines); the manual is docs/, one file per area (issue #19). A link that
 * points nowhere is found here: every relative link of README.md and docs/*.md must name an existing file or folder,
 * and an anchor into a markdown file must be one of that file's headings (GitHub's heading ids).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = path.join(ROOT, 'docs');
const pages = [
  'README.md',
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The page's text without fenced code blocks and inline code (a link-like text in code is no link). */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Relative link targets of a page: `[text](target)`, web and mail addresses left out. */
function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

/** GitHub's ids of a markdown page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingIds(text: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of text.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = h[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n ? `${base}-${n}` : base);
  }
  return ids;
}

describe('README and docs', () => {
  it('README.md has at most 200 lines', () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
  });

  it('docs/README.md lists every file of docs/', () => {
    const index = relativeLinks(readFileSync(path.join(DOCS, 'README.md'), 'utf8'));
    const files = readdirSync(DOCS).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(files.filter((f) => !index.includes(f))).toEqual([]);
  });

  it('finds links, skips code and addresses, and makes GitHub heading ids', () => {
    expect(relativeLinks('[a](x.md) `[b](y.md)` [c](https://e.org) [d](docs/z.md#top)\n```\n[e](w.md)\n```')).toEqual(['x.md', 'docs/z.md#top']);
    expect([...headingIds('# First-page JavaScript (budget 250 KB gzipped)\n## Who may do what (issue #14)\n## A\n## A')]).toEqual([
      'first-page-javascript-budget-250-kb-gzipped',
      'who-may-do-what-issue-14',
      'a',
      'a-1',
    ]);
  });

  it.each(pages)('every relative link of %s resolves', (page) => {
    const from = path.dirname(path.join(ROOT, page));
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    const links = relativeLinks(text);
    const broken: string[] = [];
    for (const link of links) {
      const [file, anchor] = link.split('#');
      const target = file ? path.resolve(from, decodeURI(file)) : path.join(ROOT, page);
      if (!existsSync(target)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor && target.endsWith('.md') && !headingIds(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
