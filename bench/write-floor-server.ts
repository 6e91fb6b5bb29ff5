/**
 * The plain write floor: bench/write-floor-handler.ts's single writes served by node:http, no
 * framework. Run by the bench as a child process:
 * `node --conditions=react-server --import tsx bench/write-floor-server.ts` (react-server: the SQL
 * modules sit beside server-only ones); prints `listening <port>` once ready.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { answerFloorWrite, endFloorPool } from "./write-floor-handler";

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
}

const server = createServer((request, response) => {
  answerFloorWrite({
    method: request.method ?? "GET",
    path: (request.url ?? "").split("?")[0]!,
    authorization: request.headers.authorization ?? null,
    baseVersion: (request.headers["base-version"] as string | undefined) ?? null,
    readJson: () => readJson(request),
  })
    .then(({ status, body, headers }) => send(response, status, body, headers))
    .catch((error: unknown) => {
      console.error(error);
      send(response, 500, { error: { code: "INTERNAL" } });
    });
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => {
  server.close();
  void endFloorPool().then(() => process.exit(0));
});
