/**
 * Test support (not part of the app): HTTP/1.1 written byte for byte over a socket, so a
 * test sends a path exactly as an outsider would spell it (`/./rpc/x`, `//events`,
 * `/x/../events`: fetch and URL would normalize them first), from a chosen loopback address,
 * and sees the server's first answer. 127.0.0.0/8 only.
 */
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** Where to send: a loopback port, over TLS for the studio hub (its certificate not checked). */
export interface RawTarget {
  port: number;
  tls?: boolean;
  /** The sending address (127.0.0.2, 127.0.0.3...: several LAN hosts on one machine). */
  localAddress?: string;
}

/** The status and body of the first answer on a connection. */
export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Opens a connection to `target` (127.0.0.1). */
export function rawConnect(target: RawTarget): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const options = {
      host: '127.0.0.1',
      port: target.port,
      ...(target.localAddress ? { localAddress: target.localAddress } : {}),
    };
    const socket = target.tls
      ? tlsConnect({ ...options, rejectUnauthorized: false }, () => resolve(socket))
      : netConnect(options, () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Sends `METHOD path` with `headers` and `body` as written, and answers the first response
 * once its headers and `Content-Length` body arrived (an event stream: once its headers did).
 */
export async function rawRequest(
  target: RawTarget,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<RawAnswer> {
  const socket = await rawConnect(target);
  const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${target.port}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const sized = Object.keys(headers).some((name) => name.toLowerCase() === 'content-length');
  if (!sized && (body !== '' || method === 'POST' || method === 'PUT'))
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  return readAnswer(socket);
}

/** The first answer on `socket` (see {@link rawRequest}); the socket is closed after it. */
export function readAnswer(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    const done = (answer: RawAnswer) => {
      socket.destroy();
      resolve(answer);
    };
    const parse = (closed: boolean) => {
      const text = data.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) {
        if (closed) reject(new Error(`The connection closed before an answer: ${text}`));
        return;
      }
      const head = text.slice(0, end);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      const rest = data.subarray(end + 4);
      if (length === undefined) {
        if (closed || /text\/event-stream/i.test(head))
          done({ status, headers: head, body: rest.toString('utf8') });
        return;
      }
      if (rest.length >= Number(length))
        done({ status, headers: head, body: rest.subarray(0, Number(length)).toString('utf8') });
      else if (closed) reject(new Error('The connection closed within the answer.'));
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      parse(false);
    });
    socket.once('close', () => parse(true));
    socket.once('error', () => undefined);
  });
}

/**
 * The spellings an outsider tries for `path` (`/rpc/account.list`): a percent-encoded letter
 * in each segment, every letter encoded, `/./`, `//`, `x/../`, upper case, a trailing `%2F`.
 */
export function spellings(path: string): string[] {
  const encode = (letter: string) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`;
  const firstLetters = path.replace(/\/([a-z])/g, (_all, letter: string) => `/${encode(letter)}`);
  return [
    path,
    firstLetters,
    path.replace(/[a-z]/g, encode),
    `/.${path}`,
    path.replace(/\/([^/]+)$/, '/./$1'),
    `/${path}`,
    path.replace(/\//g, '//'),
    `/x/..${path}`,
    path.replace(/\/([^/]+)$/, '/x/../$1'),
    path.toUpperCase(),
    `${path}%2F`,
    `${path}%2f`,
  ];
}

/**
 * Whether `socket` is closed by the server within `withinMs` while the test keeps it busy
 * with `drip` (called every `everyMs`, e.g. one more header byte).
 */
export function closedWithin(
  socket: Socket,
  withinMs: number,
  drip?: { everyMs: number; send: () => void },
): Promise<{ closed: boolean; answer: string }> {
  return new Promise((resolve) => {
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.once('error', () => undefined);
    const dripping = drip ? setInterval(() => socket.writable && drip.send(), drip.everyMs) : null;
    const timer = setTimeout(() => finish(false), withinMs);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      if (dripping) clearInterval(dripping);
      socket.destroy();
      resolve({ closed, answer });
    };
    socket.once('close', () => finish(true));
  });
}
