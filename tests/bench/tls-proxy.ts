// HTTPS and HTTP/2 in front of a server on 127.0.0.1, as deploy/Caddyfile and deploy/nginx.conf
// put them in front of Stafflane: for `LIGHTHOUSE_HTTP2=1 npm run bench:lighthouse`, which then
// measures what a phone gets from a deployed server (one connection carrying every file) beside
// the plain HTTP/1.1 of the server itself (six connections, one file at a time on each). The
// certificate is self-signed for 127.0.0.1, made with openssl; the browser is told to accept it.
// A WebSocket comes over a connection of its own in HTTP/1.1 and is passed on as it is.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import path from 'node:path';

/** Request and response headers that belong to one hop, not passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'host']);

function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } {
  fs.mkdirSync(dir, { recursive: true });
  const key = path.join(dir, 'proxy-key.pem');
  const cert = path.join(dir, 'proxy-cert.pem');
  if (!fs.existsSync(key) || !fs.existsSync(cert)) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '7',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
  }
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

export type TlsProxy = { origin: string; close: () => Promise<void> };

/** Listens on `listenPort` (HTTPS, HTTP/2 with HTTP/1.1 for clients without it) and passes every request to `targetPort`. */
export async function startTlsProxy(targetPort: number, listenPort: number, certificateDir: string): Promise<TlsProxy> {
  const origin = `https://127.0.0.1:${listenPort}`;
  const server = http2.createSecureServer({ ...selfSignedCertificate(certificateDir), allowHTTP1: true }, (request, response) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    headers.host = `127.0.0.1:${listenPort}`;
    headers['x-forwarded-proto'] = 'https';
    headers['x-forwarded-for'] = '127.0.0.1';
    const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: request.method, path: request.url, headers }, (answer) => {
      const passed: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) passed[name] = value;
      }
      response.writeHead(answer.statusCode ?? 502, passed);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  // A WebSocket (realtime) comes over HTTP/1.1: its upgrade request and then its bytes both ways.
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(targetPort, '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\nx-forwarded-proto: https\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open HTTP/2 sessions would hold the close until they end.
        setTimeout(resolve, 1000).unref();
      }),
  };
}
