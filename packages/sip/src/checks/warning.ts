import type { SipHeader } from '../message.js';
import { isIPv6Address } from '../syntax/host.js';

/**
 * Warning codes (RFC 3261 section 20.43; 380 and 381 from RFC 5630) with the text the RFC gives each. The 3xx codes
 * explain why a session description was refused, typically in a 488 or 606 (section 21.4.26).
 */
export const WARNING_TEXTS = {
  300: 'Incompatible network protocol',
  301: 'Incompatible network address formats',
  302: 'Incompatible transport protocol',
  303: 'Incompatible bandwidth units',
  304: 'Media type not available',
  305: 'Incompatible media format',
  306: 'Attribute not understood',
  307: 'Session description parameter not understood',
  330: 'Multicast not available',
  331: 'Unicast not available',
  370: 'Insufficient bandwidth',
  380: 'SIPS Not Allowed',
  381: 'SIPS Required',
  399: 'Miscellaneous warning',
} as const;

export type WarningCode = keyof typeof WARNING_TEXTS;

/**
 * A Warning header: `warn-code SP warn-agent SP warn-text` (RFC 3261 section 20.43). `agent` is the host (and port)
 * of the element adding it, or a pseudonym token; a bare IPv6 address is put in brackets. `text` defaults to the
 * RFC's text for the code; it is written as a quoted-string (quotes and backslashes escaped, line breaks and other
 * control characters replaced by spaces).
 */
export function warningHeader(code: WarningCode, agent: string, text?: string): SipHeader {
  const warnAgent = isIPv6Address(agent) ? `[${agent}]` : agent;
  if (warnAgent === '' || /[\s"]/.test(warnAgent))
    throw new Error(`warn-agent ${JSON.stringify(agent)} is not a host or token`);
  const warnText = (text ?? WARNING_TEXTS[code]).replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/["\\]/g, '\\$&');
  return { name: 'Warning', value: `${code} ${warnAgent} "${warnText}"` };
}
