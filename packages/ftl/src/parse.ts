import type { Expr, Node } from './ast.js';
import { ExpressionParser } from './expression.js';
import { SourceMap, TemplateError } from './TemplateError.js';

type DirectiveName = 'if' | 'elseif' | 'else' | 'list' | 'sep' | 'assign';

type Piece =
  | { t: 'text'; start: number; end: number }
  | { t: 'interpolation'; expr: Expr; start: number; end: number }
  | {
      t: 'open';
      name: DirectiveName;
      start: number;
      end: number;
      expr?: Expr;
      variable?: string;
      assignments?: { name: string; value: Expr }[];
    }
  | { t: 'close'; name: string; start: number; end: number }
  | { t: 'comment'; start: number; end: number };

const DIRECTIVES = new Set<string>(['if', 'elseif', 'else', 'list', 'sep', 'assign']);
/** Deepest nesting of directives (each level is a few stack frames when rendering). */
const MAX_NESTING = 500;

/** Compiles template source into its syntax tree; every syntax error is a TemplateError with its position. */
export function parseTemplate(source: string): { nodes: Node[]; map: SourceMap } {
  const map = new SourceMap(source);
  const pieces = scan(map);
  const text = strippedText(source, pieces);
  return { nodes: build(map, pieces, text), map };
}

/** Splits the source into text, interpolations, directive tags and comments. */
function scan(map: SourceMap): Piece[] {
  const s = map.source;
  const pieces: Piece[] = [];
  let i = 0;
  let textStart = 0;
  const flushText = (end: number): void => {
    if (end > textStart) pieces.push({ t: 'text', start: textStart, end });
  };
  while (i < s.length) {
    if (s.startsWith('${', i)) {
      flushText(i);
      const p = new ExpressionParser(map, i + 2, 'interpolation');
      if (p.atEnd()) throw TemplateError.at(map, i, 'empty interpolation ${}');
      const expr = p.parseExpression();
      p.expectEnd('the interpolation ${...}');
      pieces.push({ t: 'interpolation', expr, start: i, end: p.pos });
      i = textStart = p.pos;
    } else if (s.startsWith('<#--', i)) {
      flushText(i);
      const close = s.indexOf('-->', i + 4);
      if (close < 0) throw TemplateError.at(map, i, 'unclosed comment <#-- (expected -->)');
      pieces.push({ t: 'comment', start: i, end: close + 3 });
      i = textStart = close + 3;
    } else if (s.startsWith('<#', i)) {
      flushText(i);
      const piece = scanDirective(map, i);
      pieces.push(piece);
      i = textStart = piece.end;
    } else if (s.startsWith('</#', i)) {
      flushText(i);
      const m = /^<\/#([A-Za-z_]+)\s*>/.exec(s.slice(i, i + 100));
      if (!m) throw TemplateError.at(map, i, 'malformed end tag: expected </#name>');
      if (!DIRECTIVES.has(m[1]!)) throw TemplateError.at(map, i, `unknown directive </#${m[1]}>`);
      pieces.push({ t: 'close', name: m[1]!, start: i, end: i + m[0].length });
      i = textStart = i + m[0].length;
    } else i++;
  }
  flushText(s.length);
  return pieces;
}

function scanDirective(map: SourceMap, start: number): Piece {
  const s = map.source;
  const m = /^<#([A-Za-z_]+)/.exec(s.slice(start, start + 100));
  if (!m) throw TemplateError.at(map, start, 'malformed directive: expected <#name');
  const name = m[1]!;
  if (!DIRECTIVES.has(name)) throw TemplateError.at(map, start, `unknown directive <#${name}>`);
  const p = new ExpressionParser(map, start + m[0].length, 'tag');
  const directive = name as DirectiveName;
  const tag = `<#${name}>`;
  if (directive === 'if' || directive === 'elseif') {
    if (p.atEnd()) throw TemplateError.at(map, start, `${tag} needs a condition`);
    const expr = p.parseExpression();
    p.expectEnd(tag);
    return { t: 'open', name: directive, start, end: p.pos, expr };
  }
  if (directive === 'list') {
    if (p.atEnd()) throw TemplateError.at(map, start, '<#list> needs "sequence as name"');
    const expr = p.parseExpression();
    const as = p.acceptName();
    if (!as || as.value !== 'as')
      throw TemplateError.at(map, as?.pos ?? p.pos, '<#list> expects "as name" after the sequence');
    const variable = p.acceptName();
    if (!variable) throw TemplateError.at(map, p.pos, '<#list> expects a loop variable name after "as"');
    p.expectEnd(tag);
    return { t: 'open', name: directive, start, end: p.pos, expr, variable: variable.value };
  }
  if (directive === 'assign') {
    const assignments: { name: string; value: Expr }[] = [];
    do {
      const target = p.acceptName();
      if (!target) throw TemplateError.at(map, p.pos, '<#assign> expects "name = value"');
      p.expectAssign();
      assignments.push({ name: target.value, value: p.parseExpression() });
    } while (!p.atEnd());
    p.expectEnd(tag);
    return { t: 'open', name: directive, start, end: p.pos, assignments };
  }
  // else, sep: no parameters
  if (!p.atEnd()) throw TemplateError.at(map, p.pos, `${tag} takes no parameters`);
  p.expectEnd(tag);
  return { t: 'open', name: directive, start, end: p.pos };
}

/**
 * FreeMarker's white-space stripping: in a line that holds only directive tags and comments (and white-space),
 * the white-space and the line break are dropped. Answers the text of each text piece after stripping.
 */
function strippedText(source: string, pieces: readonly Piece[]): Map<Piece, string> {
  const TEXT_SPACE = 0;
  const TEXT = 1;
  const TAG = 2;
  const INTERPOLATION = 3;
  const kind = new Uint8Array(source.length);
  for (const p of pieces) {
    for (let i = p.start; i < p.end; i++) {
      kind[i] =
        p.t === 'text' ? (/\s/.test(source[i]!) ? TEXT_SPACE : TEXT) : p.t === 'interpolation' ? INTERPOLATION : TAG;
    }
  }
  const dropped = new Uint8Array(source.length);
  let lineStart = 0;
  while (lineStart < source.length) {
    let lineEnd = source.indexOf('\n', lineStart);
    lineEnd = lineEnd < 0 ? source.length : lineEnd + 1; // includes the line break
    let tags = false;
    let other = false;
    for (let i = lineStart; i < lineEnd; i++) {
      if (kind[i] === TAG) tags = true;
      else if (kind[i] === TEXT || kind[i] === INTERPOLATION) other = true;
    }
    if (tags && !other) for (let i = lineStart; i < lineEnd; i++) if (kind[i] === TEXT_SPACE) dropped[i] = 1;
    lineStart = lineEnd;
  }
  const text = new Map<Piece, string>();
  for (const p of pieces) {
    if (p.t !== 'text') continue;
    let value = '';
    for (let i = p.start; i < p.end; i++) if (!dropped[i]) value += source[i];
    text.set(p, value);
  }
  return text;
}

interface Frame {
  name: 'if' | 'list' | 'sep';
  start: number;
  /** Where the pieces met now go. */
  target: Node[];
  node: Extract<Node, { kind: 'if' | 'list' | 'sep' }>;
  inElse: boolean;
}

type OpenPiece = Extract<Piece, { t: 'open' }>;

/** Builds the tree from the pieces with a stack of open directives. */
function build(map: SourceMap, pieces: readonly Piece[], text: Map<Piece, string>): Node[] {
  const tree = new TreeBuilder(map);
  for (const p of pieces) {
    if (p.t === 'comment') continue;
    if (p.t === 'text') {
      const value = text.get(p)!;
      if (value !== '') tree.target().push({ kind: 'text', text: value, pos: p.start });
    } else if (p.t === 'interpolation') tree.target().push({ kind: 'interpolation', expr: p.expr, pos: p.start });
    else if (p.t === 'close') tree.close(p);
    else tree.open(p);
  }
  return tree.finish();
}

/** The tree being built and the stack of directives open where the pieces have got to. */
class TreeBuilder {
  private readonly map: SourceMap;
  private readonly root: Node[] = [];
  private readonly stack: Frame[] = [];

  constructor(map: SourceMap) {
    this.map = map;
  }

  /** Where the pieces met now go. */
  target(): Node[] {
    return this.stack.length ? this.stack[this.stack.length - 1]!.target : this.root;
  }

  /** An end tag: closes the innermost open directive, which it must name. */
  close(p: Extract<Piece, { t: 'close' }>): void {
    const map = this.map;
    this.closeOpenSep(p.name);
    const frame = this.top();
    if (!frame) throw TemplateError.at(map, p.start, `</#${p.name}> has no opening <#${p.name}>`);
    if (frame.name !== p.name) {
      throw TemplateError.at(
        map,
        p.start,
        `</#${p.name}> does not close <#${frame.name}> opened at ${map.at(frame.start)}`,
      );
    }
    this.stack.pop();
  }

  /** A directive tag: an assignment, a block it opens, or a branch of the block open around it. */
  open(p: OpenPiece): void {
    switch (p.name) {
      case 'assign':
        this.target().push({ kind: 'assign', assignments: p.assignments!, pos: p.start });
        break;
      case 'if': {
        const node: Node = { kind: 'if', branches: [{ condition: p.expr!, body: [] }], pos: p.start };
        this.target().push(node);
        this.push({ name: 'if', start: p.start, target: node.branches[0]!.body, node, inElse: false });
        break;
      }
      case 'list': {
        const node: Node = { kind: 'list', sequence: p.expr!, variable: p.variable!, body: [], pos: p.start };
        this.target().push(node);
        this.push({ name: 'list', start: p.start, target: node.body, node, inElse: false });
        break;
      }
      case 'sep':
        this.openSep(p);
        break;
      case 'elseif':
        this.elseif(p);
        break;
      case 'else':
        this.else(p);
        break;
    }
  }

  /** The tree, once every piece is in: an `<#if>` or `<#list>` still open is an error. */
  finish(): Node[] {
    const open = [...this.stack].reverse().find((f) => f.name !== 'sep');
    if (open)
      throw TemplateError.at(this.map, open.start, `unclosed <#${open.name}> opened at ${this.map.at(open.start)}`);
    return this.root;
  }

  private openSep(p: OpenPiece): void {
    const list = [...this.stack].reverse().find((f) => f.name === 'list');
    if (!list || list.inElse) throw TemplateError.at(this.map, p.start, '<#sep> must be inside <#list>');
    const node: Node = { kind: 'sep', body: [], pos: p.start };
    this.target().push(node);
    this.push({ name: 'sep', start: p.start, target: node.body, node, inElse: false });
  }

  private elseif(p: OpenPiece): void {
    const map = this.map;
    this.closeOpenSep();
    const frame = this.top();
    if (!frame || frame.name !== 'if') throw TemplateError.at(map, p.start, '<#elseif> outside <#if>');
    if (frame.inElse)
      throw TemplateError.at(map, p.start, `<#elseif> after <#else> in <#if> opened at ${map.at(frame.start)}`);
    const branch = { condition: p.expr!, body: [] as Node[] };
    (frame.node as Extract<Node, { kind: 'if' }>).branches.push(branch);
    frame.target = branch.body;
  }

  private else(p: OpenPiece): void {
    const map = this.map;
    this.closeOpenSep();
    const frame = this.top();
    if (!frame || frame.name === 'sep') throw TemplateError.at(map, p.start, '<#else> outside <#if> or <#list>');
    if (frame.inElse)
      throw TemplateError.at(map, p.start, `second <#else> in <#${frame.name}> opened at ${map.at(frame.start)}`);
    const otherwise: Node[] = [];
    (frame.node as Extract<Node, { kind: 'if' | 'list' }>).otherwise = otherwise;
    frame.target = otherwise;
    frame.inElse = true;
  }

  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  private push(frame: Frame): void {
    if (this.stack.length >= MAX_NESTING)
      throw TemplateError.at(this.map, frame.start, `directives nested more than ${MAX_NESTING} levels deep`);
    this.stack.push(frame);
  }

  /** `<#sep>` without `</#sep>` ends where its enclosing block goes on (`<#else>`, `<#elseif>`, an end tag). */
  private closeOpenSep(unless?: string): void {
    while (this.top()?.name === 'sep' && unless !== 'sep') this.stack.pop();
  }
}
