import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as chakraTheme from '@chakra-ui/react/theme';
import { chakraSemanticTokens, chakraTokens, getSystem } from '@/app/theme';

const system = getSystem();

/*
 * The Chakra system (src/app/theme.ts) registers only the recipes of what the first page shows. Components that
 * load later pass their recipe on their root (`<Menu.Root recipe={menuSlotRecipe}>`). A component without either
 * would render unstyled, silently: this test finds such uses in the source.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

/** Chakra components the app imports → the recipe they are styled with (null: layout/utility, no recipe). */
const RECIPE_OF: Record<string, string | null> = {
  Alert: 'alert',
  Avatar: 'avatar',
  Badge: 'badge',
  Button: 'button',
  Checkbox: 'checkbox',
  IconButton: 'button',
  CloseButton: 'button',
  Collapsible: 'collapsible',
  DataList: 'dataList',
  DatePicker: 'datePicker',
  Dialog: 'dialog',
  Drawer: 'drawer',
  EmptyState: 'emptyState',
  Field: 'field',
  Heading: 'heading',
  Input: 'input',
  Link: 'link',
  List: 'list',
  Menu: 'menu',
  NativeSelect: 'nativeSelect',
  Popover: 'popover',
  Progress: 'progress',
  Separator: 'separator',
  RadioCard: 'radioCard',
  RadioGroup: 'radioGroup',
  SegmentGroup: 'segmentGroup',
  Skeleton: 'skeleton',
  Spinner: 'spinner',
  Steps: 'steps',
  Table: 'table',
  Textarea: 'textarea',
  Toast: 'toast',
  Tooltip: 'tooltip',
  // no recipe of their own
  Box: null,
  SimpleGrid: null,
  ChakraProvider: null,
  Circle: null,
  Flex: null,
  Float: null,
  Grid: null,
  HStack: null,
  InputGroup: null,
  Portal: null,
  Stack: null,
  Text: null,
  Toaster: null,
  VStack: null,
};
/** Non-component imports of '@chakra-ui/react'. */
const NOT_COMPONENTS = new Set([
  'chakra',
  'createSystem',
  'createToaster',
  'defaultBaseConfig',
  'defineConfig',
  'parseDate',
  'useBreakpointValue',
  'useTooltip',
  // a recipe read from the system by its key (stand-ins drawn with a component's recipe): checked below
  'useRecipe',
  'useSlotRecipe',
  // the styles of the surrounding component, read from its context (the new-case steps' list: Steps.Root passes the recipe)
  'useStepsStyles',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

const files = sourceFiles(SRC).map((p) => ({ rel: path.relative(SRC, p), code: readFileSync(p, 'utf8') }));

function chakraImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
    for (const spec of m[1].split(',')) {
      const name = spec
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name && !/^[A-Z][A-Za-z]*(Props|Value)$/.test(name) && !spec.trim().startsWith('type ')) out.push(name);
    }
  }
  return out;
}

/** Opening tags of the element that carries a component's recipe: its root (or itself for single-part ones). */
function rootTags(code: string, component: string): string[] {
  const re = new RegExp(`<${component}(\\.Root|\\.RootProvider)?(?=[\\s>/])[^>]*?>`, 'gs');
  return [...code.matchAll(re)].map((m) => m[0]);
}

describe('Chakra recipes: in the system or passed by the component', () => {
  const registered = (key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

  it('knows every Chakra component the app imports', () => {
    const unknown = new Set<string>();
    for (const f of files)
      for (const name of chakraImports(f.code)) if (!(name in RECIPE_OF) && !NOT_COMPONENTS.has(name)) unknown.add(`${name} (${f.rel})`);
    expect([...unknown], 'add them to RECIPE_OF with the recipe they use').toEqual([]);
  });

  it('every use of a component whose recipe is not in the system passes it on its root', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const f of files) {
      for (const name of new Set(chakraImports(f.code))) {
        const key = RECIPE_OF[name];
        if (!key || registered(key)) continue;
        const tags = rootTags(f.code, name);
        checked += tags.length;
        for (const tag of tags) if (!/\brecipe=\{/.test(tag)) missing.push(`${f.rel}: ${tag.slice(0, 60)}…`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('a recipe read from the system by its key is in the system', () => {
    const keys: string[] = [];
    for (const f of files) {
      for (const m of f.code.matchAll(/\buse(?:Slot)?Recipe\(\s*\{\s*key:\s*'([^']+)'/g)) keys.push(`${m[1]} (${f.rel})`);
    }
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => !registered(k.split(' ')[0]))).toEqual([]);
  });

  it('the first page’s components are in the system; the on-demand ones are not', () => {
    for (const key of [
      'alert',
      'avatar',
      'badge',
      'button',
      'collapsible',
      'emptyState',
      'field',
      'heading',
      'input',
      'link',
      'list',
      'segmentGroup',
      'skeleton',
      'spinner',
    ]) {
      expect(registered(key), key).toBe(true);
    }
    for (const key of ['menu', 'popover', 'dialog', 'drawer', 'tooltip', 'toast', 'datePicker', 'table', 'nativeSelect', 'textarea']) {
      expect(registered(key), key).toBe(false);
    }
  });
});

describe('the theme built from single modules equals Chakra’s own', () => {
  it('same tokens, semantic tokens and CSS variable names', () => {
    expect(chakraTokens).toEqual(chakraTheme.tokens);
    expect(chakraSemanticTokens).toEqual(chakraTheme.semanticTokens);
    expect(system.token.var('colors.red.500')).toBe('var(--chakra-colors-red-500)');
    expect(system._config.cssVarsPrefix).toBe(chakraTheme.cssVarsPrefix);
    expect(system._config.cssVarsRoot).toBe(chakraTheme.cssVarsRoot);
    expect(system._config.globalCss).toMatchObject(chakraTheme.globalCss);
    expect(system.token('colors.brand.900')).toBe('#0b2545');
  });
});
