/**
 * A flood of REGISTERs, run as a process of its own so that it does not share the test's event loop:
 * `node registerFlood.js <from host> <registrar host> <port> <domain> <user> <per second> <ms>`. It fetches one
 * challenge, then sends REGISTERs at the rate for the time given: every other one with a digest of a wrong password
 * (a guess), the others without credentials. At the end it prints `{"sent": n, "answers": {"401": n, ...}}`.
 */
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { digestAuthorization, parseDigestChallenge, type DigestChallenge } from '@gwsim/sip';

const [
  from = '127.0.0.1',
  host = '127.0.0.1',
  port = '5060',
  domain = 'phones.test',
  user = 'mallory',
  rate = '2000',
  ms = '5000',
] = process.argv.slice(2);

const socket = createSocket('udp4');
const answers: Record<string, number> = {};
let challenge: DigestChallenge | undefined;
let sent = 0;

function register(guess: number | undefined): Buffer {
  const local = socket.address();
  const authorization =
    challenge && guess !== undefined
      ? `Authorization: ${digestAuthorization(challenge, { username: user, password: `guess-${guess}` }, 'REGISTER', `sip:${domain}`)}\r\n`
      : '';
  return Buffer.from(
    `REGISTER sip:${domain} SIP/2.0\r\n` +
      `Via: SIP/2.0/UDP ${local.address}:${local.port};rport;branch=z9hG4bK${randomBytes(8).toString('hex')}\r\n` +
      'Max-Forwards: 70\r\n' +
      `From: <sip:${user}@${domain}>;tag=${randomBytes(4).toString('hex')}\r\n` +
      `To: <sip:${user}@${domain}>\r\n` +
      `Call-ID: ${randomBytes(8).toString('hex')}@flood\r\n` +
      `CSeq: ${sent + 1} REGISTER\r\n` +
      `Contact: <sip:${user}@${local.address}:${local.port}>\r\n` +
      authorization +
      'Content-Length: 0\r\n\r\n',
  );
}

socket.on('message', (datagram) => {
  const text = datagram.toString('latin1');
  const status = /^SIP\/2\.0 (\d{3})/.exec(text)?.[1] ?? 'other';
  answers[status] = (answers[status] ?? 0) + 1;
  if (!challenge && status === '401') {
    const header = /\r\nWWW-Authenticate: ([^\r\n]+)/i.exec(text)?.[1];
    challenge = header ? parseDigestChallenge(header) : undefined;
  }
});
socket.on('error', () => undefined);

socket.bind(0, from, () => {
  socket.send(register(undefined), Number(port), host);
  const tickMs = 10;
  const perTick = Math.max(1, Math.round((Number(rate) * tickMs) / 1000));
  const end = Date.now() + Number(ms);
  const timer = setInterval(() => {
    if (Date.now() >= end) {
      clearInterval(timer);
      // the last answers (and the held ones) come in, then the count
      setTimeout(() => {
        process.stdout.write(`${JSON.stringify({ sent, answers })}\n`);
        socket.close();
      }, 1000);
      return;
    }
    for (let i = 0; i < perTick; i += 1) {
      socket.send(register(sent % 2 === 0 ? sent : undefined), Number(port), host);
      sent += 1;
    }
  }, tickMs);
});
