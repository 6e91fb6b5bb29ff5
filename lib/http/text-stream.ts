/** About how much text is encoded at once: pieces are joined up to this before they become bytes. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Text made in pieces as a byte stream: the next pieces are made and encoded only when the client
 * takes more, so a download holds about one chunk of its text at a time, never the whole file.
 */
export function textStream(pieces: Iterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pieces[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let text = "";
      while (text.length < CHUNK_CHARS) {
        const next = iterator.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += next.value;
      }
      controller.enqueue(encoder.encode(text));
    },
    cancel() {
      iterator.return?.();
    },
  });
}
