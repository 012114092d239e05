/**
 * The "patterns" a password policy with `patterns: false` forbids, found case-insensitively:
 * - repetitions: the same character three or more times in a row (`aaa`, `111`);
 * - sequences: three or more consecutive letters or digits, ascending or descending (`abc`, `cba`, `123`, `987`);
 * - keyboard runs: four or more neighbouring keys of one keyboard row, either direction, on QWERTY and QWERTZ
 *   layouts (`qwer`, `asdf`, `zxcv`, `yxcv`, `poiu`, `1qaz` is not a row and is allowed).
 */
export interface PatternFinding {
  readonly kind: 'repetition' | 'sequence' | 'keyboard';
  readonly text: string;
}

const REPETITION = 3;
const SEQUENCE = 3;
const KEYBOARD = 4;

const KEYBOARD_ROWS = ['qwertyuiop', 'qwertzuiop', 'asdfghjkl', 'zxcvbnm', 'yxcvbnm', '1234567890', '!@#$%^&*()'];
const ALPHABETS = ['abcdefghijklmnopqrstuvwxyz', '0123456789'];

function runs(text: string, length: number, alphabets: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i + length <= text.length; i += 1) {
    const window = text.slice(i, i + length);
    const reversed = [...window].reverse().join('');
    if (alphabets.some((alphabet) => alphabet.includes(window) || alphabet.includes(reversed))) found.push(window);
  }
  return found;
}

export function findPatterns(password: string): PatternFinding[] {
  const chars = [...password.toLowerCase()];
  const text = chars.join('');
  const findings: PatternFinding[] = [];
  for (let i = 0; i + REPETITION <= chars.length; i += 1) {
    const window = chars.slice(i, i + REPETITION);
    if (window.every((c) => c === window[0])) findings.push({ kind: 'repetition', text: window.join('') });
  }
  for (const run of runs(text, SEQUENCE, ALPHABETS)) findings.push({ kind: 'sequence', text: run });
  for (const run of runs(text, KEYBOARD, KEYBOARD_ROWS)) {
    if (!findings.some((f) => f.kind === 'sequence' && run.includes(f.text)))
      findings.push({ kind: 'keyboard', text: run });
  }
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.kind}:${f.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
