import { createSocket, type Socket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatagramEntry } from './suiteCatalog.js';
import type { EntryResult } from './suiteRunner.js';

/** How long the answers to the datagrams are collected after the last one is sent. */
const COLLECT_MS = 2_000;
/** The datagrams leave this far apart, so that the gateway meets them one at a time. */
const SPACING_MS = 25;

/** The statuses that came back for one datagram, in order ([] when nothing did). */
export type Answers = readonly number[];

/**
 * Sends each entry's message as one UDP datagram to `address` from an ephemeral port of its own and collects the
 * statuses of what comes back; answers them by entry id.
 */
export async function sendDatagrams(
  entries: readonly DatagramEntry[],
  suites: string,
  address: { host: string; port: number },
): Promise<Map<string, Answers>> {
  const answers = new Map<string, number[]>();
  const sockets = [];
  const byKey = new Map<string, number[]>();
  const branches = new Set<string>();
  const viaPort = await viaPortListener(byKey);
  for (const entry of entries) {
    const socket = createSocket('udp4');
    const got: number[] = [];
    answers.set(entry.id, got);
    socket.on('message', (message) => {
      const status = /^SIP\/2\.0 (\d{3})/.exec(message.toString('latin1'));
      if (status) got.push(Number(status[1]));
    });
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    sockets.push(socket);
    const bytes = ownBranch(readFileSync(path.join(suites, entry.file)), entry.id, branches);
    const key = keyOf(bytes);
    if (key !== undefined) byKey.set(key, got);
    await new Promise<void>((resolve) => socket.send(bytes, address.port, address.host, () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, SPACING_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, COLLECT_MS));
  for (const socket of sockets) socket.close();
  viaPort?.close();
  return answers;
}

/**
 * The message with a Via branch of its own. Several torture messages written apart share one branch
 * (z9hG4bKkdjuw): sent within a transaction's lifetime of each other, the second would be the first's
 * retransmission by RFC 3261 section 17.2.3's matching and get the first's answer. The branch of a later one gets
 * the entry's name appended; nothing else changes.
 */
function ownBranch(bytes: Buffer, id: string, seen: Set<string>): Buffer {
  const text = bytes.toString('latin1');
  const branch = /;[ \t]*branch[ \t]*=[ \t]*([^;,\s]+)/i.exec(text)?.[1];
  if (branch === undefined) return bytes;
  if (!seen.has(branch)) {
    seen.add(branch);
    return bytes;
  }
  const unique = `${branch}.${id.replace(/[^A-Za-z0-9]/g, '')}`;
  seen.add(unique);
  return Buffer.from(text.replace(branch, unique), 'latin1');
}

/**
 * What ties an answer to the message it answers: its Call-ID and its top Via's branch (any spelling, compact
 * forms too; several torture messages share one Call-ID), to know whose answer came back to port 5060.
 */
function keyOf(bytes: Buffer): string | undefined {
  const text = bytes.toString('latin1');
  const callId = /^(?:call-id|i)[ \t]*:[ \t]*(\S+)/im.exec(text)?.[1];
  const branch = /^(?:via|v)[ \t]*:[^\r\n]*?;[ \t]*branch[ \t]*=[ \t]*([^;,\s]+)/im.exec(text)?.[1];
  // a message without a Call-ID (RFC 4475 insuf) is known by its branch alone
  return callId === undefined && branch === undefined ? undefined : `${callId ?? ''} ${branch ?? ''}`;
}

/**
 * The torture messages' Vias name other hosts without rport, so the answers go where RFC 3261 section 18.2.2 says:
 * the address they came from (received) and the Via's port, 5060 when it names none. A socket on 127.0.0.1:5060
 * (when it is free) collects them, each to the message it answers.
 */
async function viaPortListener(byKey: Map<string, number[]>): Promise<Socket | undefined> {
  const socket = createSocket('udp4');
  socket.on('message', (message) => {
    const text = message.toString('latin1');
    const status = /^SIP\/2\.0 (\d{3})/.exec(text);
    const key = keyOf(message);
    if (status && key !== undefined) byKey.get(key)?.push(Number(status[1]));
  });
  return new Promise((resolve) => {
    socket.once('error', () => resolve(undefined));
    socket.bind(5060, '127.0.0.1', () => resolve(socket));
  });
}

/** The answer that decides: the first final status, else the last provisional one, else none. */
function decisive(answers: Answers): number | undefined {
  return answers.find((status) => status >= 200) ?? answers[answers.length - 1];
}

/** Whether the answers to a datagram are what its entry expects, with what came back in one line. */
export function judgeDatagram(entry: DatagramEntry, answers: Answers): EntryResult {
  const status = decisive(answers);
  const got = answers.length === 0 ? 'no answer' : `answered ${answers.join(', ')}`;
  const serverError = status !== undefined && status >= 500 && !isExpected(entry, status);
  const expect = entry.expect;
  let passed: boolean;
  switch (expect.answer) {
    case 'valid':
      passed = status !== undefined && status !== 400 && !serverError;
      break;
    case 'status':
      passed = status !== undefined && expect.statuses.includes(status);
      break;
    case 'tolerant':
      passed = status !== undefined && !serverError;
      break;
    case 'any':
      passed = !serverError;
      break;
    case 'routed':
      passed = status !== 400 && !serverError;
      break;
    case 'none':
      passed = answers.length === 0;
      break;
  }
  return { passed, reason: `${got} (expected ${expectation(entry)})` };
}

function isExpected(entry: DatagramEntry, status: number): boolean {
  return entry.expect.answer === 'status' && entry.expect.statuses.includes(status);
}

/** The expectation in words, for the result line. */
export function expectation(entry: DatagramEntry): string {
  const expect = entry.expect;
  switch (expect.answer) {
    case 'valid':
      return 'an answer other than 400 and 5xx';
    case 'status':
      return expect.statuses.join(' or ');
    case 'tolerant':
      return '400, or any answer but 5xx';
    case 'any':
      return 'anything but 5xx';
    case 'routed':
      return 'no 400 and no 5xx (passed on: no answer passes)';
    case 'none':
      return 'no answer: a response sent to the node is dropped';
  }
}
