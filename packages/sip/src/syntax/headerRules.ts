import { parseAddress } from './address.js';
import { isToken, isWord } from './chars.js';
import { strictListItems } from './list.js';
import { readMediaType } from './mediaType.js';
import { Scanner, SipSyntaxError } from './scanner.js';
import { parseViaValue } from './via.js';

/**
 * The grammar of the headers this package reads (RFC 3261 section 25.1 and the RFCs named below), one check per
 * canonical header name. A check throws SipSyntaxError; headers without a rule (unknown ones, Subject, User-Agent,
 * Warning...) are kept as they came, as RFC 3261 section 16.3 step 1 asks of components an element does not use.
 */
type Rule = (value: string) => void;

function fail(name: string, value: string, why: string): never {
  throw new SipSyntaxError(`${name}: ${why} in ${JSON.stringify(value)}`);
}

/** A comma-separated list, each item checked; `allowEmpty` for headers whose grammar allows no item at all. */
function list(name: string, item: Rule, allowEmpty = false): Rule {
  return (value) => {
    const items = strictListItems(value);
    if (items === undefined) fail(name, value, 'empty list item');
    if (items.length === 0 && !allowEmpty) fail(name, value, 'no value');
    for (const it of items) item(it);
  };
}

function digits(name: string): Rule {
  return (value) => {
    if (!/^\d+$/.test(value.trim())) fail(name, value, 'expected digits');
  };
}

function token(name: string): Rule {
  return (value) => {
    if (!isToken(value.trim())) fail(name, value, 'expected a token');
  };
}

/** CSeq = 1*DIGIT LWS Method, the number a 32-bit unsigned integer (section 8.1.1.5, section 20.16). */
const cseq: Rule = (value) => {
  const m = /^\s*(\d+)\s+(\S+)\s*$/.exec(value);
  if (!m || !isToken(m[2])) fail('CSeq', value, 'expected a number and a method');
  if (m[1].length > 10 || Number(m[1]) > 0xffffffff) fail('CSeq', value, 'number over 2**32-1');
};

/** Call-ID = callid = word [ "@" word ] */
const callId: Rule = (value) => {
  const v = value.trim();
  const at = v.indexOf('@');
  const ok = at < 0 ? isWord(v) : isWord(v.slice(0, at)) && isWord(v.slice(at + 1));
  if (!ok) fail('Call-ID', value, 'expected word [@ word]');
};

function mediaType(name: string): Rule {
  return (value) => {
    const sc = new Scanner(value, name);
    readMediaType(sc);
    sc.end();
  };
}

/** rfc1123-date = wkday "," SP date1 SP time SP "GMT" (section 20.17; RFC 4475 section 3.1.2.12). */
const date: Rule = (value) => {
  const m =
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d\d) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d\d):(\d\d):(\d\d) GMT$/.exec(
      value.trim(),
    );
  if (!m || Number(m[5]) > 23 || Number(m[6]) > 59 || Number(m[7]) > 60)
    fail('Date', value, 'expected an RFC 1123 date in GMT');
};

/** RAck = response-num LWS CSeq-num LWS Method (RFC 3262 section 7.2). */
const rack: Rule = (value) => {
  const m = /^\s*(\d+)\s+(\d+)\s+(\S+)\s*$/.exec(value);
  if (!m || !isToken(m[3])) fail('RAck', value, 'expected two numbers and a method');
};

/** Contact: "*" or a list of contact-param (name-addr / addr-spec with q and expires checked). */
const contact: Rule = (value) => {
  if (value.trim() === '*') return;
  list('Contact', (item) => {
    parseAddress(item, {
      param: (p) =>
        p.name === 'q'
          ? /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(p.value ?? '')
          : p.name !== 'expires' || /^\d+$/.test(p.value ?? ''),
    });
  })(value);
};

const address: Rule = (value) => {
  parseAddress(value);
};
const route: Rule = (value) => {
  parseAddress(value, { nameAddrOnly: true });
};

const RULES: Record<string, Rule> = {
  Via: list('Via', (v) => void parseViaValue(v)),
  From: address,
  To: address,
  Contact: contact,
  // an empty Route (a caller's template with no route set: siphon-rs route_bye) is taken as none: a UAS consumes
  // the Route set and forwards nothing of it, so there is nothing to misread (RFC 3261 section 16.3 step 1's spirit)
  Route: list('Route', route, true),
  'Record-Route': list('Record-Route', route),
  'Call-ID': callId,
  CSeq: cseq,
  'Max-Forwards': digits('Max-Forwards'),
  Expires: digits('Expires'),
  'Min-Expires': digits('Min-Expires'),
  'Content-Type': mediaType('Content-Type'),
  Accept: list('Accept', mediaType('Accept'), true),
  Require: list('Require', token('Require')),
  'Proxy-Require': list('Proxy-Require', token('Proxy-Require')),
  Supported: list('Supported', token('Supported'), true),
  Unsupported: list('Unsupported', token('Unsupported'), true),
  Allow: list('Allow', token('Allow'), true),
  'Content-Encoding': list('Content-Encoding', token('Content-Encoding')),
  Date: date,
  RSeq: digits('RSeq'),
  RAck: rack,
};

/** Check one header value (canonical name) against its grammar; headers without a rule pass. Throws SipSyntaxError. */
export function checkHeaderSyntax(name: string, value: string): void {
  const rule = RULES[name];
  if (rule) rule(value);
}
