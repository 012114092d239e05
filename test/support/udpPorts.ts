import dgram from 'node:dgram';

/** Whether a UDP socket can bind the port on 127.0.0.1 right now (the socket is closed again). */
export async function udpPortBindable(port: number): Promise<boolean> {
  const socket = dgram.createSocket('udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind({ port, address: '127.0.0.1', exclusive: true }, () => resolve());
    });
    return true;
  } catch {
    return false;
  } finally {
    try {
      socket.close();
    } catch {
      /* never bound */
    }
  }
}

/**
 * A port range of `size` ports, all free right now, below the kernel's ephemeral range (so the phones' ephemeral
 * ports never fall in it), at a random even base so parallel runs rarely meet.
 */
export async function freeUdpRange(size: number): Promise<{ first: number; last: number }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = 20000 + 2 * Math.floor(Math.random() * 6000);
    const ports = Array.from({ length: size }, (_, i) => first + i);
    if ((await Promise.all(ports.map(udpPortBindable))).every(Boolean)) return { first, last: first + size - 1 };
  }
  throw new Error('no free port range found for the test');
}
