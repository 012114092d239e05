/**
 * The phones of the media scale bench (rtpRelayScaleBench), in a thread of their own so that they take no CPU from
 * the thread the relays run in: `sockets` UDP sockets on 127.0.0.1 stand for the calls' phones (call i's side s
 * sends from socket (2i + s) mod sockets: a relay latches on each side's source, several relays may share one),
 * and each call sends one 20 ms PCMU packet (172 bytes) each way every 20 ms, to the relay's port on its side.
 */
import dgram from 'node:dgram';
import { parentPort } from 'node:worker_threads';

export type ToPhones =
  | { readonly type: 'bind'; readonly sockets: number }
  | {
      readonly type: 'run';
      /** The relay's RTP port per call and side: [side 0, side 1]. */
      readonly targets: readonly (readonly [number, number])[];
      readonly seconds: number;
    }
  | { readonly type: 'close' };

export type FromPhones =
  | { readonly type: 'bound'; readonly ports: readonly number[] }
  | {
      readonly type: 'done';
      readonly sent: number;
      /** Delivered 0.5 s after the last send (later packets would miss a phone's jitter buffer)... */
      readonly delivered: number;
      /** ...and once nothing more arrived for a second (at most 5 s): the difference was late, not lost. */
      readonly deliveredAtLast: number;
      /** Of those delivered, how many took more than 150 ms (sent to delivered): too late to be played. */
      readonly late: number;
      readonly wallSeconds: number;
    };

const port = parentPort!;
const PACKET_INTERVAL_MS = 20;
let sockets: dgram.Socket[] = [];
let delivered = 0;
/** Delivered more than LATE_MS after it was sent: a phone's jitter buffer has played out its slot already (lost). */
let late = 0;
const LATE_MS = 150;
const clock = (): number => performance.timeOrigin + performance.now();

async function bind(count: number): Promise<number[]> {
  sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<dgram.Socket>((resolve) => {
          const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 << 20, sendBufferSize: 4 << 20 });
          socket.on('message', (packet: Buffer) => {
            delivered += 1;
            if (packet.length >= 20 && clock() - packet.readDoubleBE(12) > LATE_MS) late += 1;
          });
          socket.bind(0, '127.0.0.1', () => resolve(socket));
        }),
    ),
  );
  return sockets.map((s) => s.address().port);
}

async function run(targets: readonly (readonly [number, number])[], seconds: number): Promise<FromPhones> {
  delivered = 0;
  late = 0;
  let sent = 0;
  const template = Buffer.alloc(172);
  template[0] = 0x80;
  const started = performance.now();
  let seq = 0;
  const rounds = Math.round((seconds * 1000) / PACKET_INTERVAL_MS);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      // the rounds due by now: a late timer (a busy machine) sends the ones it missed, so the load offered is exact
      const due = Math.min(rounds, Math.floor((performance.now() - started) / PACKET_INTERVAL_MS) + 1);
      while (seq < due) round();
      if (seq >= rounds) {
        clearInterval(timer);
        resolve();
      }
    }, PACKET_INTERVAL_MS);
    const round = () => {
      seq += 1;
      for (let call = 0; call < targets.length; call += 1) {
        for (const side of [0, 1] as const) {
          const packet = Buffer.from(template);
          packet.writeUInt16BE(seq & 0xffff, 2);
          packet.writeUInt32BE((seq * 160) >>> 0, 4);
          packet.writeUInt32BE(2 * call + side, 8);
          packet.writeDoubleBE(clock(), 12); // when it left, in the payload (the relay does not read it)
          sockets[(2 * call + side) % sockets.length]!.send(packet, targets[call]![side], '127.0.0.1');
          sent += 1;
        }
      }
    };
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await sleep(500); // the last packets land
  const onTime = delivered;
  for (let waited = 0, before = -1; delivered !== before && waited < 5000; waited += 1000) {
    before = delivered;
    await sleep(1000);
  }
  return { type: 'done', sent, delivered: onTime, deliveredAtLast: delivered, late, wallSeconds };
}

port.on('message', (message: ToPhones) => {
  if (message.type === 'bind') void bind(message.sockets).then((ports) => port.postMessage({ type: 'bound', ports }));
  else if (message.type === 'run') void run(message.targets, message.seconds).then((done) => port.postMessage(done));
  else {
    for (const socket of sockets) socket.close();
    port.close();
  }
});
