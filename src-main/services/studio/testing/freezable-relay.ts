/**
 * The takeover drill's frozen hub (see backup-harness.ts): a loopback TCP relay in front of
 * the hub that, once frozen, passes no byte and keeps every socket open, like a hung process.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A loopback TCP relay to `127.0.0.1:port` that can freeze: from then on it passes no byte
 * either way and keeps every socket (new ones too) open, like a hung process.
 */
export async function freezableRelay(
  port: number,
): Promise<{ port: number; freeze(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = createServer((client) => {
    keep(client);
    if (frozen) return void client.pause();
    const upstream = connect(port, '127.0.0.1');
    keep(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze() {
      frozen = true;
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
        socket.removeAllListeners('close');
      }
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
