/**
 * The webhooks bench's receiver, in a process of its own so that the load generator is not also
 * the receiver (its event loop would then delay the very answers it times) and so that its CPU is
 * told apart. Answers every POST with 200, and tells the parent (IPC) its port, then each arrival:
 * the path, the absolute time (ms since the epoch, sub-millisecond) and the first card's title.
 */
import { createServer } from "node:http";

const now = () => performance.timeOrigin + performance.now();

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const at = now();
    response.end("ok");
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { data?: { cards?: { title?: string }[] } };
    process.send?.({ path: request.url ?? "", at, title: body.data?.cards?.[0]?.title ?? null });
  });
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as { port: number }).port }));
process.on("disconnect", () => process.exit(0));
