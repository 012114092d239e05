/**
 * The direction of an SDP's audio stream (RFC 3264 sections 5.1 and 6.1: sendrecv, sendonly, recvonly, inactive),
 * read and written on the text, so that everything else of a real endpoint's SDP passes as it came.
 */
export type Direction = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

const DIRECTION = /^a=(sendrecv|sendonly|recvonly|inactive)$/;

/** The lines of the session part (before the first m=) and of the first audio stream with a port. */
function audioSpan(lines: readonly string[]): {
  readonly sessionEnd: number;
  readonly from: number;
  readonly to: number;
} {
  let sessionEnd = lines.findIndex((l) => l.startsWith('m='));
  if (sessionEnd < 0) sessionEnd = lines.length;
  let from = -1;
  let to = lines.length;
  for (let i = sessionEnd; i < lines.length; i += 1) {
    if (!lines[i]!.startsWith('m=')) continue;
    if (from >= 0) {
      to = i;
      break;
    }
    if (/^m=audio [1-9]/.test(lines[i]!)) from = i;
  }
  return { sessionEnd, from, to };
}

/** The audio stream's direction: its own attribute, else the session's, else sendrecv. */
export function directionOfText(sdp: string): Direction {
  const lines = sdp.split(/\r?\n/);
  const { sessionEnd, from, to } = audioSpan(lines);
  const own = from >= 0 ? lines.slice(from, to).find((l) => DIRECTION.test(l)) : undefined;
  const session = lines.slice(0, sessionEnd).find((l) => DIRECTION.test(l));
  return (DIRECTION.exec(own ?? session ?? 'a=sendrecv')![1] as Direction) ?? 'sendrecv';
}

/** The direction that answers an offered one (RFC 3264 section 6.1): send-only is answered receive-only and so on. */
export function answeringDirection(offered: Direction): Direction {
  if (offered === 'sendonly') return 'recvonly';
  if (offered === 'recvonly') return 'sendonly';
  return offered;
}

/**
 * The SDP with its audio stream's direction set (the session-level attribute dropped, the stream's own replaced)
 * and the o= version one higher, since the description changed (RFC 3264 section 8). CRLF line ends.
 */
export function withDirection(sdp: string, direction: Direction): string {
  const lines = sdp.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const { sessionEnd, from, to } = audioSpan(lines);
  if (from < 0) return sdp;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (DIRECTION.test(line) && (i < sessionEnd || (i > from && i < to))) continue;
    if (line.startsWith('o=')) out.push(nextVersion(line));
    else out.push(line);
    if (i === from) out.push(`a=${direction}`);
  }
  return `${out.join('\r\n')}\r\n`;
}

/** o=<user> <session id> <version> ...: the version one higher. */
function nextVersion(origin: string): string {
  const parts = origin.split(' ');
  const version = parts[2];
  if (version === undefined || !/^\d+$/.test(version)) return origin;
  parts[2] = (BigInt(version) + 1n).toString();
  return parts.join(' ');
}
