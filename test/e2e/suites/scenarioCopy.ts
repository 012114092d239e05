import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ScenarioCorrection } from './suiteCatalog.js';

/**
 * The temporary copy of another project's SIPp scenario that the suites run: the same messages, with the few
 * changes that let SIPp 3.6.1 load it and let it meet a B2BUA on this machine, never a change of what it checks.
 */

const CDATA = /<!\[CDATA\[[\s\S]*?\]\]>/g;
const COMMENT = /<!--[\s\S]*?-->/g;

/** Runs `change` on the parts of the text outside CDATA sections and comments (the XML markup itself). */
function onMarkup(xml: string, change: (markup: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of xml.matchAll(new RegExp(`${CDATA.source}|${COMMENT.source}`, 'g'))) {
    out += change(xml.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + change(xml.slice(last));
}

/** Runs `change` on the text of each CDATA section (the SIP messages). */
function onMessages(xml: string, change: (message: string) => string): string {
  return xml.replace(CDATA, (section) => `<![CDATA[${change(section.slice(9, -3))}]]>`);
}

/**
 * An attribute value holding `<` or `>` (`regexp="<sip:(.*)>"`) is a typo SIPp's parser refuses ("Invalid XML in
 * scenario"): the copy writes them as the entities SIPp reads back as the same characters.
 */
export function escapeAttributeBrackets(xml: string): string {
  return onMarkup(xml, (markup) =>
    markup.replace(/="([^"]*)"/g, (whole, value: string) =>
      /[<>]/.test(value) ? `="${value.replace(/</g, '&lt;').replace(/>/g, '&gt;')}"` : whole,
    ),
  );
}

interface Step {
  readonly kind: string;
  readonly start: number;
  readonly attributes: string;
  /** For a send: the first line of its message ('' for none). */
  readonly firstLine: string;
}

function stepsOf(xml: string): Step[] {
  const steps: Step[] = [];
  // the same length as the text, with the messages and comments blanked out: positions stay the text's
  const markupOnly = xml.replace(CDATA, (s) => s.replace(/[<>]/g, ' ')).replace(COMMENT, (c) => ' '.repeat(c.length));
  for (const match of markupOnly.matchAll(/<(send|recv|pause|nop|label|timewait)\b([^>]*)>/g)) {
    let firstLine = '';
    if (match[1] === 'send') {
      const section = /<!\[CDATA\[([\s\S]*?)\]\]>/.exec(xml.slice(match.index));
      firstLine = section?.[1]!.trim().split(/\r?\n/)[0]!.trim() ?? '';
    }
    steps.push({ kind: match[1]!, start: match.index, attributes: match[2]!, firstLine });
  }
  return steps;
}

const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(attributes)?.[1];

/**
 * A request a scenario sends (not an ACK, which has no answer) followed by a receive of a response other than 100,
 * with no 100 among the receives that follow it: the gateway answers 100 Trying at once (RFC 3261 allows it), which
 * SIPp would count as an unexpected message, so an optional 100 goes before that receive.
 */
export function allowEarly100(xml: string): string {
  const steps = stepsOf(xml);
  const insertAt: number[] = [];
  for (let i = 0; i < steps.length; i += 1) {
    const step = steps[i]!;
    if (step.kind !== 'send' || /^SIP\/2\.0/i.test(step.firstLine) || /^ACK\b/i.test(step.firstLine)) continue;
    if (!/^[A-Za-z!%'`~*+._-]+ /.test(step.firstLine)) continue;
    let j = i + 1;
    while (j < steps.length && steps[j]!.kind !== 'recv' && steps[j]!.kind !== 'send') j += 1;
    const first = steps[j];
    if (!first || first.kind !== 'recv' || attribute(first.attributes, 'response') === undefined) continue;
    let k = j;
    let has100 = false;
    while (k < steps.length && steps[k]!.kind === 'recv' && attribute(steps[k]!.attributes, 'response') !== undefined) {
      if (attribute(steps[k]!.attributes, 'response') === '100') has100 = true;
      if (attribute(steps[k]!.attributes, 'optional') !== 'true') break;
      k += 1;
    }
    if (!has100) insertAt.push(first.start);
  }
  let out = xml;
  for (const at of insertAt.reverse())
    out = `${out.slice(0, at)}<recv response="100" optional="true"/>\n  ${out.slice(at)}`;
  return out;
}

const IPV4 = /\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g;

/**
 * Addresses of other people's labs named inside the messages (SDP c= and o= lines, Contact, a redirect's target)
 * become 127.0.0.1, so that nothing the gateway sends in answer (RTP, a BYE, a followed redirect) leaves this
 * machine; loopback and 0.0.0.0 stay.
 */
export function loopbackAddresses(xml: string): string {
  return onMessages(xml, (message) =>
    message.replace(IPV4, (whole, a: string) => (a === '127' || whole === '0.0.0.0' ? whole : '127.0.0.1')),
  );
}

/** A media file a scenario plays (`play_pcap_audio="pcap/x.pcap"`) named by its absolute path in the suites folder. */
export function absoluteMediaFiles(xml: string, directory: string): string {
  return xml.replace(/(play_pcap_(?:audio|video)=")([^"/][^"]*)"/g, (_, head: string, file: string) => {
    return `${head}${path.join(directory, file)}"`;
  });
}

/** The scenario with the catalog's corrections of its slips made (a correction whose text is not there is an error). */
export function corrected(xml: string, corrections: readonly ScenarioCorrection[], name: string): string {
  let out = xml;
  for (const correction of corrections) {
    if (!out.includes(correction.from)) throw new Error(`${name}: no '${correction.from}' to correct`);
    out = out.split(correction.from).join(correction.to);
  }
  return out;
}

/** Every change above, in order. */
export function adaptScenario(xml: string, directory: string): string {
  return absoluteMediaFiles(loopbackAddresses(allowEarly100(escapeAttributeBrackets(xml))), directory);
}

/**
 * Writes the adapted copy of `source` (a scenario file of the suites folder) into `target` and answers its path;
 * files it reads beside it (injection CSVs) are copied as they are.
 */
export function copyScenario(
  source: string,
  target: string,
  companions: readonly string[] = [],
  corrections: readonly ScenarioCorrection[] = [],
): string {
  mkdirSync(target, { recursive: true });
  const copy = path.join(target, path.basename(source));
  const text = corrected(readFileSync(source, 'latin1'), corrections, source);
  writeFileSync(copy, adaptScenario(text, path.dirname(source)), 'latin1');
  for (const companion of companions) {
    const from = path.join(path.dirname(source), companion);
    if (existsSync(from)) copyFileSync(from, path.join(target, companion));
  }
  return copy;
}
