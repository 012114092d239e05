import {
  escapeHtml,
  escapeJs,
  escapeJson,
  escapeUrl,
  escapeXml,
  formatComputer,
  formatDate,
  formatNumber,
  isoUtc,
} from './format.js';
import { hashGet, isHash, MISSING, typeOf, type Value } from './values.js';

/** A built-in applied to a value it does not accept; the template turns it into a TemplateError. */
export class BuiltInError extends Error {}

const STRING_BUILT_INS = new Map<string, (s: string) => string>([
  ['html', escapeHtml],
  ['xml', escapeXml],
  ['url', escapeUrl],
  ['json_string', escapeJson],
  ['js_string', escapeJs],
  ['upper_case', (s) => s.toUpperCase()],
  ['lower_case', (s) => s.toLowerCase()],
  ['trim', (s) => s.trim()],
]);

/** A decimal number as FreeMarker's ?number reads it: optional sign, digits, optional fraction, optional exponent. */
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Applies the value built-ins (the loop built-ins and ?has_content are handled by the template, which knows the
 * loops and missing values). `operand` and `args` are defined values.
 */
export function applyBuiltIn(name: string, operand: Value, args: readonly Value[]): Value {
  const noArgs = (): void => {
    if (args.length) throw new BuiltInError(`takes no arguments, ${args.length} given`);
  };
  const stringBuiltIn = STRING_BUILT_INS.get(name);
  if (stringBuiltIn) {
    noArgs();
    if (typeof operand !== 'string') throw new BuiltInError(`needs a string, got ${typeOf(operand)}`);
    return stringBuiltIn(operand);
  }
  switch (name) {
    case 'c':
      noArgs();
      if (typeof operand === 'number') return formatComputer(operand);
      if (typeof operand === 'boolean') return operand ? 'true' : 'false';
      throw new BuiltInError(`needs a number or a boolean, got ${typeOf(operand)}`);
    case 'string':
      return toString(operand, args);
    case 'length':
      noArgs();
      if (typeof operand !== 'string')
        throw new BuiltInError(`needs a string, got ${typeOf(operand)} (use ?size for sequences)`);
      return operand.length;
    case 'size':
      noArgs();
      if (Array.isArray(operand)) return operand.length;
      if (isHash(operand)) return Object.keys(operand).filter((k) => hashGet(operand, k) !== MISSING).length;
      throw new BuiltInError(`needs a sequence or a hash, got ${typeOf(operand)} (use ?length for strings)`);
    case 'number':
      noArgs();
      if (typeof operand === 'number') return operand;
      if (typeof operand === 'string' && NUMBER_TEXT.test(operand.trim())) return Number(operand.trim());
      if (typeof operand === 'string') throw new BuiltInError(`${JSON.stringify(operand)} is not a number`);
      throw new BuiltInError(`needs a string or a number, got ${typeOf(operand)}`);
    case 'date':
    case 'datetime':
      noArgs();
      if (operand instanceof Date || typeof operand === 'string') return operand;
      throw new BuiltInError(`needs a date, got ${typeOf(operand)}`);
    case 'iso_utc':
      noArgs();
      if (!(operand instanceof Date)) throw new BuiltInError(`needs a date, got ${typeOf(operand)}`);
      if (Number.isNaN(operand.getTime())) throw new BuiltInError('the date is invalid');
      return isoUtc(operand);
    default:
      throw new BuiltInError('is not available here');
  }
}

function toString(v: Value, args: readonly Value[]): string {
  if (typeof v === 'boolean') {
    if (args.length === 0) return v ? 'true' : 'false';
    if (args.length !== 2 || typeof args[0] !== 'string' || typeof args[1] !== 'string') {
      throw new BuiltInError('on a boolean takes two strings: ?string("yes", "no")');
    }
    return v ? args[0] : args[1];
  }
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw new BuiltInError('the date is invalid');
    if (args.length === 0) return isoUtc(v);
    if (args.length !== 1 || typeof args[0] !== 'string')
      throw new BuiltInError('on a date takes one pattern: ?string("yyyy-MM-dd HH:mm:ss")');
    const out = formatDate(v, args[0]);
    if (typeof out !== 'string') throw new BuiltInError(out.error);
    return out;
  }
  if (typeof v === 'number') {
    if (args.length) throw new BuiltInError('number patterns are not supported: use ?c for the computer format');
    return formatNumber(v);
  }
  if (typeof v === 'string') {
    if (args.length) throw new BuiltInError('on a string takes no arguments');
    return v;
  }
  throw new BuiltInError(`cannot turn ${typeOf(v)} into a string`);
}
