import { Agent, request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { baseUrl } from "./helpers";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  contentType: string;
  /** The body as text; empty for an event stream, which is never read to its end. */
  text: string;
}

const target = new URL(baseUrl);

/** Keep-alive sockets for many concurrent requests (the default agent opens one per request). */
export const rawAgent = new Agent({ keepAlive: true, maxSockets: 16 });

/**
 * One request exactly as given, unlike fetch: the path is not normalized (`../` stays), any
 * method may carry a body, and bytes that are not UTF-8 can be sent.
 */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  { ownConnection = false, retried = false } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = { ...headers };
    if (body !== undefined) outgoing["content-length"] = String(Buffer.byteLength(body));
    const agent = ownConnection ? false : rawAgent;
    const req = request({ host: target.hostname, port: target.port, method, path, headers: outgoing, agent }, (res) => {
      const contentType = String(res.headers["content-type"] ?? "");
      const answer = { status: res.statusCode ?? 0, headers: res.headers, contentType };
      // An event stream stays open: its status and headers are the answer.
      if (contentType.startsWith("text/event-stream")) {
        res.destroy();
        resolve({ ...answer, text: "" });
        return;
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ ...answer, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer within 30 s: ${method} ${path.slice(0, 200)}`)));
    req.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed just as it was reused: Node's documented retry case.
      if (req.reusedSocket && error.code === "ECONNRESET" && !retried) resolve(rawRequest(method, path, headers, body, { ownConnection, retried: true }));
      else reject(error);
    });
    req.end(body);
  });
}

/**
 * Sends the request head and only the first part of a body, then waits for the answer without
 * sending the rest: an answer proves the server decided without reading the whole body.
 * `declaredLength` sets Content-Length; without it the body goes chunked.
 */
export function partialBodyRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  sent: Buffer,
  declaredLength?: number,
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    const lines = [`${method} ${path} HTTP/1.1`, `Host: ${target.host}`, "Connection: close"];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push(declaredLength === undefined ? "Transfer-Encoding: chunked" : `Content-Length: ${declaredLength}`);
    const payload = declaredLength === undefined ? Buffer.concat([Buffer.from(`${sent.length.toString(16)}\r\n`), sent, Buffer.from("\r\n")]) : sent;
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("no answer before the whole body was sent: the server waits for (and reads) the body"));
    }, 10_000);
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = received.slice(0, end);
      let body = received.slice(end + 4);
      const length = /content-length: *(\d+)/i.exec(head);
      if (length && Buffer.byteLength(body) < Number(length[1])) return;
      if (/transfer-encoding: *chunked/i.test(head)) {
        if (!body.endsWith("0\r\n\r\n")) return;
        body = dechunk(body);
      }
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(received.slice(9, 12)), head, body });
    });
    socket.on("error", (error) => {
      // The server may reset after answering; an answer already read stands.
      if (!received.includes("\r\n\r\n")) {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    socket.write(payload);
  });
}

/** The payload of a chunked body (chunk sizes in hex, each chunk followed by CRLF). */
function dechunk(body: string): string {
  let rest = Buffer.from(body);
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.subarray(0, lineEnd).toString(), 16);
    if (!size) return Buffer.concat(parts).toString("utf8");
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}

/**
 * Writes `requests` (each a whole HTTP/1.1 message) one after another on one kept-alive
 * connection, the last asking to close it, and resolves with the status line of every answer read
 * before the server closed it.
 */
export function sameConnectionRequests(requests: Buffer[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    const received: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error("no answer within 30 s")));
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("error", reject);
    socket.on("close", () =>
      resolve(
        [
          ...Buffer.concat(received)
            .toString("latin1")
            .matchAll(/HTTP\/1\.1 (\d{3}) /g),
        ].map((match) => Number(match[1])),
      ),
    );
    for (const message of requests) socket.write(message);
  });
}

/** One HTTP/1.1 message as `sameConnectionRequests` writes it. */
export function httpMessage(method: string, path: string, headers: Record<string, string>, body: Buffer = Buffer.alloc(0)): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${target.host}`, `Content-Length: ${body.length}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body]);
}
