import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The texts the server can send as an error, found in its sources (server/ and contract/) rather than listed by hand,
 * so a text added later is found too (tests/unit/server-error-texts.test.ts asks the client's English catalogue for
 * each). Where a text is found:
 *  - the message of every HttpError (server/lib/http-error.ts: the helpers badRequest, unauthorized, forbidden,
 *    notFound, conflict, staleConflict build one; a helper's default message included), followed back through the
 *    parameters of the functions it is passed through to every caller's argument;
 *  - the statusMsg of every envelope sent by hand (`reply.send({ statusCode, statusMsg, body })`: the error plugin's
 *    framework errors, the unknown route's 404);
 *  - the field messages of `issues` (`{ field, message }` objects: a refused body's, a CSV import's rows);
 *  - every message constant: a top-level `X_MESSAGES` or `X_MESSAGE` (objects of texts and of functions building
 *    texts);
 *  - the messages of the zod schemas (`{ message }`, `{ error }`, the message argument of min, max, regex, refine…),
 *    which the server answers a refused body with (`Input tidak sah: field — message` and `issues`).
 * A message is evaluated statically: literals, templates, constants (across imports), object members, conditionals,
 * calls of functions building texts (their returns, with the call's arguments). A value the sources cannot give (a
 * name, a ticket number, a count) becomes a sample value, V1, V2…, which the English text must carry over.
 */

export interface ServerText {
  /** where the text is written (file:line) */
  site: string;
  /** the text as the server sends it, its values filled with samples */
  text: string;
  /** the sample values in it */
  values: string[];
}

export interface ScanResult {
  texts: ServerText[];
  /** messages the sources cannot give ('file: expression'): each must be known to pass through (an error's own message) */
  unresolved: string[];
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const HTTP_ERROR_FILE = path.join(ROOT, 'server/lib/http-error.ts');
const SERVER_DIR = path.join(ROOT, 'server') + path.sep;
const CONSTANT_NAME = /(^|_)MESSAGES?$/;
/** zod checks whose argument at or after the index is their message */
const ZOD_MESSAGE_ARG: Record<string, number> = {
  min: 1,
  max: 1,
  length: 1,
  regex: 1,
  gt: 1,
  gte: 1,
  lt: 1,
  lte: 1,
  multipleOf: 1,
  startsWith: 1,
  endsWith: 1,
  refine: 1,
  positive: 0,
  nonnegative: 0,
  negative: 0,
  nonpositive: 0,
  int: 0,
  email: 0,
  url: 0,
  uuid: 0,
  nonempty: 0,
};

interface Alt {
  text: string;
  values: string[];
  site?: string;
}
type Alts = Alt[] | null;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === 'migrations' ? [] : filesUnder(p);
    return f.endsWith('.ts') ? [p] : [];
  });
}

const unwrap = (e: ts.Expression): ts.Expression => {
  let n = e;
  while (
    ts.isParenthesizedExpression(n) ||
    ts.isAsExpression(n) ||
    ts.isNonNullExpression(n) ||
    ts.isSatisfiesExpression(n) ||
    ts.isTypeAssertionExpression(n)
  )
    n = n.expression;
  // Object.freeze({ … })
  if (ts.isCallExpression(n) && n.expression.getText() === 'Object.freeze' && n.arguments.length === 1) return unwrap(n.arguments[0]);
  return n;
};

type FunctionNode = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration | ts.MethodDeclaration;
const isFunctionNode = (n: ts.Node): n is FunctionNode =>
  ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n);

/** The declaration a binding name declares `name` in (a variable, a parameter, or an element of a pattern). */
function inBinding(name: ts.BindingName, decl: ts.Node, wanted: string): ts.Node | undefined {
  if (ts.isIdentifier(name)) return name.text === wanted ? decl : undefined;
  for (const el of name.elements) {
    if (ts.isOmittedExpression(el)) continue;
    const found = inBinding(el.name, el, wanted);
    if (found) return found;
  }
  return undefined;
}

function inStatements(statements: readonly ts.Statement[], name: string): ts.Node | undefined {
  for (const s of statements) {
    if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) {
        const found = inBinding(d.name, d, name);
        if (found) return found;
      }
    } else if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isEnumDeclaration(s)) && s.name?.text === name) {
      return s;
    } else if (ts.isImportDeclaration(s) && s.importClause && !s.importClause.isTypeOnly) {
      const c = s.importClause;
      if (c.name?.text === name) return c;
      const b = c.namedBindings;
      if (b && ts.isNamespaceImport(b) && b.name.text === name) return b;
      if (b && ts.isNamedImports(b)) for (const el of b.elements) if (el.name.text === name) return el;
    }
  }
  return undefined;
}

/** The declaration of `name` in the scope `n` opens, if it declares it. */
function declaredIn(n: ts.Node, name: string): ts.Node | undefined {
  if (ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n))
    return inStatements(n.statements, name);
  if (isFunctionNode(n) || ts.isConstructorDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n)) {
    for (const p of n.parameters) {
      const found = inBinding(p.name, p, name);
      if (found) return found;
    }
    if ((ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n)) && n.name?.text === name) return n;
    return undefined;
  }
  if ((ts.isForOfStatement(n) || ts.isForInStatement(n) || ts.isForStatement(n)) && n.initializer && ts.isVariableDeclarationList(n.initializer)) {
    for (const d of n.initializer.declarations) {
      const found = inBinding(d.name, d, name);
      if (found) return found;
    }
  }
  if (ts.isCatchClause(n) && n.variableDeclaration) return inBinding(n.variableDeclaration.name, n.variableDeclaration, name);
  return undefined;
}

class Scanner {
  private readonly files = new Map<string, ts.SourceFile>();
  private callsByName?: Map<string, ts.CallExpression[]>;
  private samples = 0;
  private readonly active = new Set<ts.Node>();
  /** the arguments a function call under evaluation binds its parameters to */
  private bindings = new Map<ts.Node, Alt[]>();
  private top: string[] = [];

  constructor(dirs: string[]) {
    for (const dir of dirs)
      for (const file of filesUnder(path.join(ROOT, dir)))
        this.files.set(file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
  }

  get sourceFiles() {
    return [...this.files.values()];
  }

  site(n: ts.Node): string {
    const sf = n.getSourceFile();
    return `${path.relative(ROOT, sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  }

  where(n: ts.Node): string {
    return `${path.relative(ROOT, n.getSourceFile().fileName)}: ${n.getText().replace(/\s+/g, ' ')}`;
  }

  private sample(): Alt[] {
    const v = `V${++this.samples}`;
    return [{ text: v, values: [v] }];
  }

  private moduleFile(from: string, spec: string): ts.SourceFile | undefined {
    let base: string;
    if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
    else if (spec === '@contract') base = path.join(ROOT, 'contract/index');
    else if (spec.startsWith('@contract/')) base = path.join(ROOT, 'contract', spec.slice('@contract/'.length));
    else return undefined;
    base = base.replace(/\.js$/, '');
    for (const c of [base, `${base}.ts`, path.join(base, 'index.ts')]) if (this.files.has(c)) return this.files.get(c);
    return undefined;
  }

  /** The declaration a module exports under `name` (following re-exports). */
  private exported(sf: ts.SourceFile, name: string, depth = 0): ts.Node | undefined {
    if (depth > 8) return undefined;
    const local = inStatements(sf.statements, name);
    if (local) return this.followImport(local, depth);
    for (const s of sf.statements) {
      if (!ts.isExportDeclaration(s)) continue;
      const target = s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? this.moduleFile(sf.fileName, s.moduleSpecifier.text) : undefined;
      if (s.exportClause && ts.isNamedExports(s.exportClause)) {
        for (const el of s.exportClause.elements) {
          if (el.name.text !== name) continue;
          const inner = (el.propertyName ?? el.name).text;
          if (target) return this.exported(target, inner, depth + 1);
          const d = inStatements(sf.statements, inner);
          return d && this.followImport(d, depth);
        }
      } else if (!s.exportClause && target) {
        const found = this.exported(target, name, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  }

  private followImport(decl: ts.Node, depth = 0): ts.Node | undefined {
    if (!ts.isImportSpecifier(decl)) return decl;
    const imp = decl.parent.parent.parent;
    if (!ts.isStringLiteral(imp.moduleSpecifier)) return undefined;
    const target = this.moduleFile(decl.getSourceFile().fileName, imp.moduleSpecifier.text);
    return target && this.exported(target, (decl.propertyName ?? decl.name).text, depth + 1);
  }

  /** The declaration an identifier refers to. */
  declarationOf(id: ts.Identifier): ts.Node | undefined {
    for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
      const d = declaredIn(n, id.text);
      if (d) return this.followImport(d);
    }
    return undefined;
  }

  /** The node holding an expression's value: a constant's initializer, an object's member; the expression otherwise. */
  private valueNode(e: ts.Expression, depth = 0): ts.Node | undefined {
    const x = unwrap(e);
    if (depth > 12) return undefined;
    if (ts.isIdentifier(x)) {
      const d = this.declarationOf(x);
      if (d && ts.isVariableDeclaration(d) && d.initializer && ts.isVariableDeclarationList(d.parent) && d.parent.flags & ts.NodeFlags.Const)
        return this.valueNode(d.initializer, depth + 1);
      return d;
    }
    if (ts.isPropertyAccessExpression(x)) {
      const member = this.member(x.expression, x.name.text, depth);
      return member && (ts.isMethodDeclaration(member) ? member : this.valueNode(member as ts.Expression, depth + 1));
    }
    return x;
  }

  private member(obj: ts.Expression, name: string, depth: number): ts.Node | undefined {
    const o = this.valueNode(obj, depth + 1);
    if (!o || !ts.isObjectLiteralExpression(o)) return undefined;
    for (const p of [...o.properties].reverse()) {
      if (ts.isSpreadAssignment(p)) {
        const m = this.member(p.expression, name, depth + 1);
        if (m) return m;
      } else if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) {
        if (ts.isPropertyAssignment(p)) return p.initializer;
        if (ts.isShorthandPropertyAssignment(p)) return p.name;
        if (ts.isMethodDeclaration(p)) return p;
      }
    }
    return undefined;
  }

  private functionOf(callee: ts.Expression): FunctionNode | undefined {
    const n = this.valueNode(callee);
    return n && isFunctionNode(n) ? n : undefined;
  }

  /** The name a function is called by (its own, its constant's, its member's). */
  private nameOf(fn: FunctionNode): string | undefined {
    if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
    const p = fn.parent;
    if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return p.name.text;
    return undefined;
  }

  private callersOf(fn: FunctionNode): ts.CallExpression[] {
    if (!this.callsByName) {
      const index = new Map<string, ts.CallExpression[]>();
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
          const c = n.expression;
          const name = ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) ? c.name.text : undefined;
          if (name && ts.isCallExpression(n)) index.set(name, [...(index.get(name) ?? []), n]);
        }
        ts.forEachChild(n, visit);
      };
      for (const sf of this.files.values()) visit(sf);
      this.callsByName = index;
    }
    const name = this.nameOf(fn);
    return name ? (this.callsByName.get(name) ?? []).filter((c) => this.functionOf(c.expression) === fn) : [];
  }

  /** The texts an expression can be; null: not a text the sources give. `top`: unresolved messages are recorded. */
  evaluate(e: ts.Expression, top = false): Alts {
    const x = unwrap(e);
    if (ts.isStringLiteral(x) || ts.isNoSubstitutionTemplateLiteral(x)) return [{ text: x.text, values: [] }];
    // a constant number (a limit the text names)
    if (ts.isNumericLiteral(x)) return [{ text: String(Number(x.text)), values: [] }];
    if (ts.isTemplateExpression(x)) {
      let alts: Alt[] = [{ text: x.head.text, values: [] }];
      for (const span of x.templateSpans) {
        const part = this.evaluate(span.expression);
        // a value the sources cannot give, or one they format from values without words (a date): a sample
        const kept = part?.length && (part.some((a) => hasWords(a)) || part.every((a) => !a.values.length));
        alts = product(alts, kept ? part : this.sample(), span.literal.text);
      }
      return alts;
    }
    // either branch (one the sources cannot give is a sample inside a text, an unresolved message at the top)
    const branch = (b: ts.Expression) => this.evaluate(b, top) ?? (top ? null : this.sample());
    if (ts.isConditionalExpression(x)) return this.union([branch(x.whenTrue), branch(x.whenFalse)]);
    if (ts.isBinaryExpression(x)) {
      const op = x.operatorToken.kind;
      if (op === ts.SyntaxKind.PlusToken) return product(this.evaluate(x.left) ?? this.sample(), this.evaluate(x.right) ?? this.sample(), '');
      // `a && text`: the text, when there is one
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) return this.evaluate(x.right, top);
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return this.union([branch(x.left), branch(x.right)]);
      return this.unresolved(x, top);
    }
    if (x.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(x) && x.text === 'undefined')) return [];
    if (ts.isIdentifier(x)) {
      const d = this.declarationOf(x);
      return (d && this.ofDeclaration(d, top)) ?? this.unresolved(x, top);
    }
    if (ts.isPropertyAccessExpression(x)) {
      const member = this.member(x.expression, x.name.text, 0);
      const value = member && !ts.isMethodDeclaration(member) ? this.guarded(member, () => this.evaluate(member as ts.Expression, top)) : null;
      return value ?? this.unresolved(x, top);
    }
    if (ts.isElementAccessExpression(x)) {
      const o = this.valueNode(x.expression);
      if (o && ts.isObjectLiteralExpression(o))
        return this.union(o.properties.map((p) => (ts.isPropertyAssignment(p) ? this.evaluate(p.initializer) : null)).filter((a) => a !== null));
      if (o && ts.isArrayLiteralExpression(o)) return this.union(o.elements.map((el) => this.evaluate(el)).filter((a) => a !== null));
      return this.unresolved(x, top);
    }
    if (ts.isCallExpression(x)) {
      // a constant number written with its thousands separators: `n.toLocaleString('en')`, or the contract's
      // `thousands(n)` (contract/fleet-rules.ts), which writes it the same way without Intl
      const grouped =
        ts.isPropertyAccessExpression(x.expression) && x.expression.name.text === 'toLocaleString'
          ? x.expression.expression
          : ts.isIdentifier(x.expression) && x.expression.text === 'thousands' && x.arguments.length === 1
            ? x.arguments[0]
            : null;
      if (grouped) {
        const n = this.evaluate(grouped);
        if (n?.length && n.every((a) => !a.values.length && /^\d+$/.test(a.text)))
          return n.map((a) => ({ text: Number(a.text).toLocaleString('en'), values: [] }));
      }
      const fn = this.functionOf(x.expression);
      return (fn && this.call(fn, x.arguments, top)) ?? this.unresolved(x, top);
    }
    return this.unresolved(x, top);
  }

  private unresolved(x: ts.Node, top: boolean): null {
    if (top) this.top.push(this.where(x));
    return null;
  }

  private union(parts: Alts[]): Alts {
    if (parts.every((p) => p === null)) return null;
    return parts.flatMap((p) => p ?? []);
  }

  private guarded(n: ts.Node, f: () => Alts): Alts {
    if (this.active.has(n)) return null;
    this.active.add(n);
    try {
      return f();
    } finally {
      this.active.delete(n);
    }
  }

  private ofDeclaration(d: ts.Node, top: boolean): Alts {
    // a constant's value (a `let` may have changed since its initializer)
    if (ts.isVariableDeclaration(d))
      return d.initializer && d.parent.flags & ts.NodeFlags.Const ? this.guarded(d, () => this.evaluate(d.initializer!, top)) : null;
    if (ts.isParameter(d)) {
      const bound = this.bindings.get(d);
      if (bound) return bound;
      return this.guarded(d, () => this.throughParameter(d, top));
    }
    if (ts.isBindingElement(d) && ts.isArrayBindingPattern(d.parent) && ts.isVariableDeclaration(d.parent.parent) && d.parent.parent.initializer) {
      const index = d.parent.elements.indexOf(d);
      const arrays = this.arraysOf(d.parent.parent.initializer);
      return arrays.length ? this.union(arrays.map((a) => (a.elements[index] ? this.evaluate(a.elements[index]) : null))) : null;
    }
    return null;
  }

  /** The array literals an expression can be (a constant, either side of a conditional, any entry of a record). */
  private arraysOf(e: ts.Expression): ts.ArrayLiteralExpression[] {
    const x = unwrap(e);
    if (ts.isConditionalExpression(x)) return [...this.arraysOf(x.whenTrue), ...this.arraysOf(x.whenFalse)];
    if (ts.isElementAccessExpression(x)) {
      const o = this.valueNode(x.expression);
      if (o && ts.isObjectLiteralExpression(o)) return o.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? this.arraysOf(p.initializer) : []));
      return [];
    }
    const v = this.valueNode(x);
    return v && ts.isArrayLiteralExpression(v) ? [v] : [];
  }

  /** A parameter: its default, and what every caller passes (the site is the caller's argument). */
  private throughParameter(p: ts.ParameterDeclaration, top: boolean): Alts {
    const fn = p.parent;
    if (!isFunctionNode(fn)) return null;
    const index = fn.parameters.indexOf(p);
    const parts: Alts[] = [];
    if (p.initializer) parts.push(this.evaluate(p.initializer, top));
    for (const call of this.callersOf(fn)) {
      const arg = call.arguments[index];
      if (!arg) continue;
      const saved = this.bindings;
      this.bindings = new Map();
      try {
        const alts = this.evaluate(arg, top);
        parts.push(alts?.map((a) => ({ ...a, site: a.site ?? this.site(arg) })) ?? null);
      } finally {
        this.bindings = saved;
      }
    }
    return parts.length ? this.union(parts) : null;
  }

  /** A call of a function that builds a text: its returns, its parameters bound to the arguments (samples otherwise). */
  call(fn: FunctionNode, args: readonly ts.Expression[], top = false): Alts {
    return this.guarded(fn, () => {
      const bound = new Map(this.bindings);
      fn.parameters.forEach((p, i) => {
        const a = args[i] ? this.evaluate(args[i]) : p.initializer ? this.evaluate(p.initializer) : null;
        bound.set(p, a?.length ? a : this.sample());
      });
      const saved = this.bindings;
      this.bindings = bound;
      try {
        const body = fn.body;
        if (!body) return null;
        if (!ts.isBlock(body)) return this.evaluate(body as ts.Expression, top);
        const returns: ts.Expression[] = [];
        const visit = (n: ts.Node) => {
          if (ts.isReturnStatement(n) && n.expression) returns.push(n.expression);
          else if (!isFunctionNode(n)) ts.forEachChild(n, visit);
        };
        ts.forEachChild(body, visit);
        const parts = returns.map((r) => this.evaluate(r));
        return parts.some((p) => p === null) ? null : this.union(parts);
      } finally {
        this.bindings = saved;
      }
    });
  }

  scan(): ScanResult {
    const texts: ServerText[] = [];
    const add = (alts: Alts, at: ts.Node) => {
      for (const a of alts ?? []) texts.push({ site: a.site ?? this.site(at), text: a.text, values: a.values });
    };
    const visit = (n: ts.Node, zodFile: boolean) => {
      // new HttpError(status, code, message): the helpers' own, whose message parameter leads to their callers
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'HttpError' && n.arguments?.[2]) {
        const cls = this.declarationOf(n.expression);
        if (cls && cls.getSourceFile().fileName === HTTP_ERROR_FILE) add(this.evaluate(n.arguments[2], true), n.arguments[2]);
      }
      // reply.send({ statusCode, statusMsg, body }) written by hand
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'send') {
        for (const arg of n.arguments) {
          const o = unwrap(arg);
          if (!ts.isObjectLiteralExpression(o)) continue;
          for (const p of o.properties) {
            if (p.name?.getText() !== 'statusMsg') continue;
            if (ts.isPropertyAssignment(p)) add(this.evaluate(p.initializer, true), p);
            else if (ts.isShorthandPropertyAssignment(p)) add(this.evaluate(p.name, true), p);
          }
        }
      }
      // the field messages of `issues` ({ field, message }: the refused body's, a CSV import's rows)
      if (ts.isObjectLiteralExpression(n) && n.getSourceFile().fileName.startsWith(SERVER_DIR)) {
        const names = n.properties.map((p) => p.name?.getText());
        const message = n.properties.find((p) => p.name?.getText() === 'message');
        if (names.includes('field') && message && ts.isPropertyAssignment(message)) add(this.evaluate(message.initializer), message);
      }
      // message constants
      if (
        ts.isVariableDeclaration(n) &&
        ts.isIdentifier(n.name) &&
        CONSTANT_NAME.test(n.name.text) &&
        n.initializer &&
        ts.isSourceFile(n.parent.parent.parent)
      )
        add(this.constant(n.initializer), n);
      if (zodFile && ts.isCallExpression(n)) {
        const c = n.expression;
        const from = ts.isPropertyAccessExpression(c) ? ZOD_MESSAGE_ARG[c.name.text] : undefined;
        n.arguments.forEach((arg, i) => {
          const a = unwrap(arg);
          if (ts.isObjectLiteralExpression(a)) {
            for (const p of a.properties)
              if (ts.isPropertyAssignment(p) && ['message', 'error'].includes(p.name.getText())) add(this.evaluate(p.initializer), p);
          } else if (from !== undefined && i >= from) add(this.evaluate(arg), arg);
        });
      }
      ts.forEachChild(n, (c) => visit(c, zodFile));
    };
    for (const sf of this.files.values()) visit(sf, /from 'zod'/.test(sf.text));
    const seen = new Set<string>();
    return {
      texts: texts.filter((t) => hasWords(t) && !seen.has(`${t.site}\n${t.text}`) && seen.add(`${t.site}\n${t.text}`)),
      unresolved: [...new Set(this.top)].sort(),
    };
  }

  /** Every text a message constant holds (members, nested objects, functions called with sample values). */
  private constant(e: ts.Expression): Alts {
    const x = unwrap(e);
    if (ts.isObjectLiteralExpression(x))
      return this.union(
        x.properties.map((p) => {
          if (ts.isPropertyAssignment(p)) return this.constant(p.initializer);
          if (ts.isMethodDeclaration(p)) return this.call(p, []);
          return null;
        }),
      );
    if (ts.isArrowFunction(x) || ts.isFunctionExpression(x)) return this.call(x, []);
    return this.evaluate(x);
  }
}

/** Whether a text has letters of its own (not only sample values). */
function hasWords(a: Alt): boolean {
  let rest = a.text;
  for (const v of a.values) rest = rest.replace(v, '');
  return /\p{L}/u.test(rest);
}

function product(left: Alt[], right: Alt[], tail: string): Alt[] {
  const out: Alt[] = [];
  for (const l of left)
    for (const r of right) {
      if (out.length >= 200) return out;
      out.push({ text: l.text + r.text + tail, values: [...l.values, ...r.values], site: l.site ?? r.site });
    }
  return out;
}

/** Every error text the server's sources can send, with sample values where they hold values. */
export function scanServerTexts(): ScanResult {
  return new Scanner(['server', 'contract']).scan();
}
