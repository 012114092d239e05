/** The syntax tree of a template. Every node keeps its source offset (`pos`) for error positions. */

export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||';

interface Located {
  /** Offset of the node in the source. */
  pos: number;
  /** The node's source text, used to name it in messages ("session.nope is undefined"). */
  text: string;
  /** Height of the subtree (1 for a leaf); bounded so evaluating it cannot exhaust the stack. */
  depth: number;
}

export type Expr = Located &
  (
    | { kind: 'literal'; value: string | number | boolean }
    | { kind: 'variable'; name: string }
    | { kind: 'member'; object: Expr; name: string }
    | { kind: 'index'; object: Expr; index: Expr }
    | { kind: 'builtin'; operand: Expr; name: string; args: Expr[] }
    | { kind: 'exists'; operand: Expr }
    | { kind: 'default'; operand: Expr; fallback?: Expr }
    | { kind: 'not'; operand: Expr }
    | { kind: 'negate'; operand: Expr; minus: boolean }
    | { kind: 'binary'; op: BinaryOperator; left: Expr; right: Expr }
    | { kind: 'paren'; inner: Expr }
  );

export type Node =
  | { kind: 'text'; text: string; pos: number }
  | { kind: 'interpolation'; expr: Expr; pos: number }
  | { kind: 'if'; branches: { condition: Expr; body: Node[] }[]; otherwise?: Node[]; pos: number }
  | { kind: 'list'; sequence: Expr; variable: string; body: Node[]; otherwise?: Node[]; pos: number }
  | { kind: 'sep'; body: Node[]; pos: number }
  | { kind: 'assign'; assignments: { name: string; value: Expr }[]; pos: number };

/** The built-ins the engine knows; any other `?name` is refused when the template is compiled. */
export const BUILT_INS = new Set([
  'c',
  'string',
  'html',
  'xml',
  'url',
  'json_string',
  'js_string',
  'upper_case',
  'lower_case',
  'trim',
  'length',
  'size',
  'has_content',
  'number',
  'date',
  'datetime',
  'iso_utc',
  'index',
  'counter',
  'has_next',
  'is_first',
  'is_last',
]);

/** Built-ins that read the state of a `<#list>` loop; their operand must be the loop variable itself. */
export const LOOP_BUILT_INS = new Set(['index', 'counter', 'has_next', 'is_first', 'is_last']);
