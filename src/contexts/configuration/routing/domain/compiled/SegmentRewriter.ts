import {
  SEGMENT_SOURCES,
  type DialStringRewritingSpec,
  type RewriteSegment,
  type SegmentSource,
} from '../RouteModel.js';
import { InvalidField } from './InvalidField.js';

/** The dial strings a segment can take from, by the call's roles. */
export type CallRole =
  'source' | 'destination' | 'elin' | 'asserted' | 'firstDiversion' | 'lastDiversion' | 'transferrer';

/** What a segment reads: the call's dial strings ('' when absent) and the parts the matched filter's matchers matched. */
export interface SegmentInput {
  text(role: CallRole): string;
  /** The matched parts of the dial string of `role` (see CompiledMatcher.parts); [whole] when no matcher looked at it. */
  parts(role: CallRole): readonly string[];
}

const SOURCE_ROLES: Record<Exclude<SegmentSource, 'MOST_APPROPRIATE' | 'NONE'>, CallRole> = {
  SOURCE: 'source',
  DESTINATION: 'destination',
  FIRST_DIVERSION: 'firstDiversion',
  LAST_DIVERSION: 'lastDiversion',
  TRANSFERRER: 'transferrer',
};

/**
 * A routing target's rewriting of one dial string, compiled once. The rewritten dial string is the concatenation
 * of its segments; each segment:
 * 1. takes a dial string by `source`: MOST_APPROPRIATE the dial string being rewritten (the destination for the
 *    destination rewriting, …), SOURCE / DESTINATION / FIRST_DIVERSION / LAST_DIVERSION / TRANSFERRER that dial
 *    string of the call (empty when the call has none), NONE the empty string (a segment of prefix/suffix only);
 * 2. narrows it to `matchedPart`: 0 the whole dial string, n the n-th part the matched filter's matcher of that
 *    dial string matched (WILDCARD capture n, EXTENSION_RANGE 1 = the extension, PLAIN 1 = between prefix and
 *    suffix); a part that does not exist (no such capture, no matcher on that dial string) is empty;
 * 3. deletes delLeading characters from the front, then delTrailing from the end (never below empty);
 * 4. keeps the first keepLeading characters, then the last keepTrailing of those (0: keep all);
 * 5. is wrapped: prefix + text + suffix.
 * A rewriting without segments (or no rewriting at all) leaves the dial string as it is.
 */
export class SegmentRewriter {
  private readonly segments: readonly RewriteSegment[];

  constructor(
    spec: DialStringRewritingSpec,
    private readonly role: CallRole,
  ) {
    spec.segments.forEach((segment, index) => checkSegment(segment, `segments[${index}]`));
    this.segments = spec.segments.map((segment) => ({ ...segment }));
  }

  rewrite(input: SegmentInput): string {
    if (this.segments.length === 0) return input.text(this.role);
    let result = '';
    for (const segment of this.segments) result += segmentText(segment, this.role, input);
    return result;
  }
}

function segmentText(segment: RewriteSegment, rewritten: CallRole, input: SegmentInput): string {
  let text = '';
  if (segment.source !== 'NONE') {
    const role = segment.source === 'MOST_APPROPRIATE' ? rewritten : SOURCE_ROLES[segment.source];
    text = segment.matchedPart === 0 ? input.text(role) : (input.parts(role)[segment.matchedPart] ?? '');
  }
  text = text.slice(Math.min(segment.delLeading, text.length));
  text = text.slice(0, Math.max(0, text.length - segment.delTrailing));
  if (segment.keepLeading > 0) text = text.slice(0, segment.keepLeading);
  if (segment.keepTrailing > 0) text = text.slice(Math.max(0, text.length - segment.keepTrailing));
  return segment.prefix + text + segment.suffix;
}

function checkSegment(segment: RewriteSegment, path: string): void {
  if (!SEGMENT_SOURCES.includes(segment.source))
    throw new InvalidField(`${path}.source`, `'${String(segment.source)}' is not one of ${SEGMENT_SOURCES.join(', ')}`);
  for (const name of ['delLeading', 'delTrailing', 'keepLeading', 'keepTrailing', 'matchedPart'] as const) {
    if (!Number.isInteger(segment[name]) || segment[name] < 0)
      throw new InvalidField(`${path}.${name}`, 'must be an integer of 0 or more');
  }
  for (const name of ['prefix', 'suffix'] as const) {
    if (typeof segment[name] !== 'string')
      throw new InvalidField(`${path}.${name}`, 'must be a string (empty for none)');
  }
}
