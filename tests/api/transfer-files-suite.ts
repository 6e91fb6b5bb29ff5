import { randomBytes } from "node:crypto";
import { request } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { pictureLayout } from "@/lib/transfer/render-snap-svg";
import { api, documentedFetch } from "./helpers";
import { fileTestUser, startFileServer, type FileServer, type FileTestUser } from "./file-server";
import { buildZip, type ZipEntrySpec } from "./zip-builder";

/** The entries of a zip, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const solid = (color: string, width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/**
 * Export and import carrying uploaded files on one storage backend (docs/EXPORT-IMPORT.md,
 * "Files"): the .snap.zip round trip, the JSON export's list of what it leaves out, hostile
 * archives, the workspace quota, and pictures that draw uploaded images.
 */
export function describeTransferFiles(label: string, storageEnv: () => Promise<{ env: Record<string, string>; stop?: () => Promise<void> }>) {
  describe(`export and import with files on ${label}`, () => {
    let server: FileServer;
    let stopStorage: (() => Promise<void>) | undefined;
    let owner: FileTestUser;
    let snapId: string;
    let image: { id: string; url: string; size: number };
    let text: { id: string; url: string };

    const call = (method: string, path: string, body?: unknown, key = owner.key) => api(method, path, { key, body, baseUrl: server.baseUrl });

    async function upload(target: string, bytes: Buffer, name: string) {
      const response = await documentedFetch(`${server.baseUrl}/api/snaps/${target}/files?name=${encodeURIComponent(name)}`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/octet-stream" },
        body: new Uint8Array(bytes),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { file: { id: string; url: string; size: number; contentType: string } }).file;
    }

    async function exportAs(id: string, format: string, key = owner.key) {
      const response = await documentedFetch(`${server.baseUrl}/api/snaps/${id}/export?format=${format}`, { headers: { authorization: `Bearer ${key}` } });
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    }

    async function importZip(bytes: Buffer, { multipart = false, dryRun = false, key = owner.key } = {}) {
      const url = `${server.baseUrl}/api/snaps/import/zip${dryRun ? "?dryRun=true" : ""}`;
      let init: RequestInit;
      if (multipart) {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/zip" }), "board.snap.zip");
        init = { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form };
      } else {
        init = { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/zip" }, body: new Uint8Array(bytes) };
      }
      const response = await documentedFetch(url, init);
      return { status: response.status, body: await response.json() };
    }

    async function ownedFileCount(userId: string): Promise<number> {
      const { rows } = await server.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM "File" f JOIN "Snap" s ON s.id = f."snapId" WHERE s."userId" = $1`,
        [userId],
      );
      return rows[0]!.count;
    }

    /** A document of one image card naming `fileId`, and the archive listing it. */
    function archiveWith(
      fileId: string,
      entry: Omit<ZipEntrySpec, "name"> & { name?: string },
      listed: { name: string; contentType: string } = { name: "a.png", contentType: "image/png" },
    ) {
      const document = {
        format: "snap-board",
        formatVersion: 1,
        snap: { title: "Hostile", rows: 2, cols: 2 },
        cards: [{ key: "c1", row: 0, col: 0, cellType: "image", title: `/api/files/${fileId}` }],
        files: [{ id: fileId, ...listed, size: 1, path: `files/${fileId}` }],
      };
      return buildZip([
        { name: "snap.json", data: JSON.stringify(document) },
        { name: entry.name ?? `files/${fileId}`, data: entry.data, deflate: entry.deflate, declaredSize: entry.declaredSize },
      ]);
    }

    beforeAll(async () => {
      const storage = await storageEnv();
      stopStorage = storage.stop;
      server = await startFileServer(storage.env);
      owner = await fileTestUser(server, "exporter");
      const created = await call("POST", "/api/snaps", { title: "Trip photos" });
      snapId = created.body.snap.id;
      image = await upload(snapId, await solid("#e53935"), "red.png");
      text = await upload(snapId, Buffer.from("notes about the trip\n"), "notes.txt");
      await call("POST", `/api/snaps/cards/${snapId}`, { row: 1, col: 1, rowSpan: 2, colSpan: 2, cellType: "image", title: image.url, note: "Red" });
      await call("POST", `/api/snaps/cards/${snapId}`, { row: 0, col: 0, title: `Notes: ${text.url}`, attachments: [text.id, image.id] });
      await call("POST", `/api/snaps/cards/${snapId}`, { row: 0, col: 3, cellType: "image", title: "https://images.example.com/remote.png" });
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await stopStorage?.();
    });

    it("exports a .snap.zip with the document and the files, which imports as a new snap with new file ids", async () => {
      const exported = await exportAs(snapId, "zip");
      expect(exported.response.status).toBe(200);
      expect(exported.response.headers.get("content-type")).toBe("application/zip");
      expect(exported.response.headers.get("content-disposition")).toBe('attachment; filename="trip-photos.snap.zip"');
      const entries = await unzip(exported.bytes);
      expect([...entries.keys()].sort()).toEqual(["files/" + image.id, "files/" + text.id, "snap.json"].sort());
      const document = JSON.parse(entries.get("snap.json")!.toString("utf8"));
      expect(document.filesNote).toBeUndefined();
      expect(document.files).toEqual(
        expect.arrayContaining([
          { id: image.id, name: "red.png", contentType: "image/png", size: image.size, path: `files/${image.id}` },
          expect.objectContaining({ id: text.id, name: "notes.txt", path: `files/${text.id}` }),
        ]),
      );
      const original = await documentedFetch(`${server.baseUrl}${image.url}`, { headers: { authorization: `Bearer ${owner.key}` } });
      expect(entries.get(`files/${image.id}`)!.equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
      expect(entries.get(`files/${text.id}`)!.toString()).toBe("notes about the trip\n");

      const checked = await importZip(exported.bytes, { dryRun: true });
      expect(checked.status).toBe(200);
      expect(checked.body).toEqual({ valid: true, summary: { rows: 3, cols: 4, cards: document.cards.length, lines: 0, files: 2 } });

      for (const multipart of [false, true]) {
        const imported = await importZip(exported.bytes, { multipart });
        expect(imported.status).toBe(201);
        const copy = imported.body.snap;
        const files = (await call("GET", `/api/snaps/${copy.id}/files`)).body.files as { id: string; name: string; contentType: string; url: string }[];
        expect(files.map((file) => file.name).sort()).toEqual(["notes.txt", "red.png"]);
        expect(files.every((file) => file.id !== image.id && file.id !== text.id)).toBe(true);
        const copiedImage = files.find((file) => file.name === "red.png")!;
        const copiedText = files.find((file) => file.name === "notes.txt")!;
        // Announced as uploads are: the snap, then each file (the feed and webhooks).
        const { rows: events } = await server.db.query<{ type: string; fileId: string | null }>(
          `SELECT type, data->'file'->>'id' AS "fileId" FROM "FeedEvent" WHERE "snapId" = $1 ORDER BY seq`,
          [copy.id],
        );
        expect(events[0]).toEqual({ type: "snap.created", fileId: null });
        expect(
          events
            .slice(1)
            .map((event) => [event.type, event.fileId])
            .sort(),
        ).toEqual(
          [
            ["file.created", copiedImage.id],
            ["file.created", copiedText.id],
          ].sort(),
        );
        const titles = (copy.cards as { title: string }[]).map((card) => card.title);
        expect(titles).toEqual(expect.arrayContaining([copiedImage.url, `Notes: ${copiedText.url}`, "https://images.example.com/remote.png"]));
        // Attachments name the new files, in their order, with their names.
        const notes = (copy.cards as { title: string; attachments: { id: string; name: string }[] }[]).find((card) => card.title.startsWith("Notes"))!;
        expect(notes.attachments.map(({ id, name }) => ({ id, name }))).toEqual([
          { id: copiedText.id, name: "notes.txt" },
          { id: copiedImage.id, name: "red.png" },
        ]);
        const read = await documentedFetch(`${server.baseUrl}${copiedImage.url}`, { headers: { authorization: `Bearer ${owner.key}` } });
        expect(read.headers.get("content-type")).toBe("image/png");
        const { data } = await sharp(Buffer.from(await read.arrayBuffer()))
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect([...data.subarray(0, 3)]).toEqual([0xe5, 0x39, 0x35]);
        // The copy exports as its source, but for the files' ids.
        const again = JSON.parse((await unzip((await exportAs(copy.id, "zip")).bytes)).get("snap.json")!.toString("utf8"));
        const renamed = JSON.parse(JSON.stringify(document).replaceAll(image.id, copiedImage.id).replaceAll(text.id, copiedText.id));
        const withoutFiles = (value: Record<string, unknown>) => ({ ...value, exportedAt: undefined, files: undefined });
        expect(withoutFiles(again)).toEqual(withoutFiles(renamed));
        const listed = (value: { files: { name: string; id: string; path: string }[] }) =>
          value.files.map(({ id, name, path }) => ({ id, name, path })).sort((a, b) => a.name.localeCompare(b.name));
        expect(listed(again)).toEqual(listed(renamed));
      }
    });

    it("says in a JSON-only export which files it left out, and still imports it", async () => {
      const exported = await exportAs(snapId, "json");
      expect(exported.response.status).toBe(200);
      const document = JSON.parse(exported.bytes.toString("utf8"));
      expect(document.files).toHaveLength(2);
      expect(document.files.every((file: { path?: string }) => file.path === undefined)).toBe(true);
      expect(document.filesNote).toMatch(/^2 uploaded files \(.* bytes\) listed in "files" are not in this document.*format=zip/);
      const imported = await call("POST", "/api/snaps/import", document);
      expect(imported.status).toBe(201);
      expect((imported.body.snap.cards as { title: string }[]).map((card) => card.title)).toContain(image.url);
      // The document names the attachments, but a JSON-only import has no files to attach: none are kept.
      expect(document.cards.find((card: { title: string }) => card.title.startsWith("Notes")).attachments).toEqual([text.id, image.id]);
      expect((imported.body.snap.cards as { attachments: unknown[] }[]).every((card) => card.attachments.length === 0)).toBe(true);
      expect((await call("GET", `/api/snaps/${imported.body.snap.id}/files`)).body.files).toEqual([]);
    });

    it("draws uploaded images in the SVG and PNG, and leaves other hosts' images as placeholders", async () => {
      const svg = (await exportAs(snapId, "svg")).bytes.toString("utf8");
      expect(svg).toMatch(/<image [^>]*href="data:image\/jpeg;base64,[A-Za-z0-9+/=]+"/);
      expect(svg.match(/<image /g)).toHaveLength(1);
      expect(svg).not.toContain("images.example.com");

      const png = await exportAs(snapId, "png");
      expect(png.response.status).toBe(200);
      const document = JSON.parse((await exportAs(snapId, "json")).bytes.toString("utf8"));
      const card = document.cards.find((candidate: { cellType: string; title: string }) => candidate.title === image.url);
      const box = pictureLayout(document).boxOf(card);
      const { data, info } = await sharp(png.bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((Math.round(y) * info.width + Math.round(x)) * info.channels).subarray(0, 3)];
      const [red, green, blue] = pixel(box.x + box.width / 2, box.y + box.height / 2);
      expect(Math.abs(red! - 0xe5)).toBeLessThan(12);
      expect(Math.abs(green! - 0x39)).toBeLessThan(12);
      expect(Math.abs(blue! - 0x35)).toBeLessThan(12);
    });

    it("refuses hostile archives and leaves nothing behind", async () => {
      const before = await ownedFileCount(owner.id);
      const id = "cabcdefgh1234567890";
      const refusals: [string, Buffer, number, RegExp][] = [
        ["a path out of the folder", archiveWith(id, { name: "../../etc/passwd", data: "x" }), 400, /invalid relative path|Unexpected entry/],
        ["an absolute path", archiveWith(id, { name: "/tmp/evil", data: "x" }), 400, /absolute path|Unexpected entry/],
        [
          "an entry the document does not list",
          buildZip([
            { name: "snap.json", data: '{"format":"snap-board","formatVersion":1,"snap":{"title":"x","rows":1,"cols":1},"cards":[]}' },
            { name: "files/cabcdefgh0000", data: "x" },
          ]),
          400,
          /not listed/,
        ],
        ["a zip bomb (a thousandfold expansion)", buildZip([{ name: "snap.json", data: " ".repeat(2_000_000), deflate: true }]), 400, /zip bomb/],
        ["a file larger than FILE_MAX_BYTES", archiveWith(id, { data: Buffer.alloc(500_000), deflate: true }), 413, /unpacks to 500,000 bytes/],
        ["sizes that lie", archiveWith(id, { data: Buffer.alloc(300_000), deflate: true, declaredSize: 1_000 }), 400, /cannot be read|too many bytes/],
        [
          "too many entries",
          buildZip(Array.from({ length: 1_002 }, (_, index) => ({ name: `files/c${String(index).padStart(12, "0")}`, data: "x" }))),
          400,
          /at most 1,001 entries/,
        ],
        ["not a zip", Buffer.from("PK but not really a zip archive"), 400, /Not a readable \.snap\.zip/],
      ];
      for (const [what, bytes, status, message] of refusals) {
        const answer = await importZip(bytes);
        expect({ what, status: answer.status }).toEqual({ what, status });
        expect(answer.body.error.message, what).toMatch(message);
      }
      expect(await ownedFileCount(owner.id)).toBe(before);
    });

    it("refuses an archive larger than the limit from its Content-Length", async () => {
      const url = new URL(`${server.baseUrl}/api/snaps/import/zip`);
      const status = await new Promise<number>((resolve, reject) => {
        const outgoing = request(
          {
            host: url.hostname,
            port: url.port,
            method: "POST",
            path: url.pathname,
            headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/zip", "content-length": "250000001" },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
            outgoing.destroy();
          },
        );
        outgoing.on("error", reject);
        outgoing.write(Buffer.alloc(1024));
      });
      expect(status).toBe(413);
    });

    it("stores an HTML page named .png as text, never as an image", async () => {
      const html = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
      const answer = await importZip(archiveWith("chtmlpage00001", { data: html }, { name: "photo.png", contentType: "image/png" }));
      expect(answer.status).toBe(201);
      const [file] = (await call("GET", `/api/snaps/${answer.body.snap.id}/files`)).body.files;
      expect(file).toMatchObject({ name: "photo.png", contentType: "text/plain; charset=utf-8" });
      expect(file.thumbnailUrl).toBeUndefined();
      const read = await documentedFetch(`${server.baseUrl}${file.url}`, { headers: { authorization: `Bearer ${owner.key}` } });
      expect(read.headers.get("content-disposition")).toMatch(/^attachment;/);
    });

    it("answers 413 naming the workspace quota when the files would not fit", async () => {
      const importer = await fileTestUser(server, "importer");
      const ids = ["cquota000001", "cquota000002", "cquota000003"];
      const document = {
        format: "snap-board",
        formatVersion: 1,
        snap: { title: "Heavy", rows: 1, cols: 3 },
        cards: ids.map((id, index) => ({ key: `c${index}`, row: 0, col: index, title: `/api/files/${id}` })),
        files: ids.map((id) => ({ id, name: `${id}.bin`, contentType: "application/octet-stream", size: 350_000, path: `files/${id}` })),
      };
      const bytes = buildZip([
        { name: "snap.json", data: JSON.stringify(document) },
        ...ids.map((id) => ({ name: `files/${id}`, data: randomBytes(350_000) })),
      ]);
      const answer = await importZip(bytes, { key: importer.key });
      expect(answer.status).toBe(413);
      expect(answer.body.error.message).toMatch(/FILE_WORKSPACE_QUOTA_BYTES/);
      expect(await ownedFileCount(importer.id)).toBe(0);
      const snaps = await server.db.query(`SELECT 1 FROM "Snap" WHERE "userId" = $1`, [importer.id]);
      expect(snaps.rowCount).toBe(0);
    });

    it("answers 413 naming IMPORT_MAX_IMAGE_PIXELS when an archive's images decode to more pixels in all", async () => {
      // Three images each within FILE_MAX_IMAGE_PIXELS (4 MP), 12 MP together, past the bound of 10 MP.
      const importer = await fileTestUser(server, "pixels");
      const ids = ["cpixels00001", "cpixels00002", "cpixels00003"];
      const picture = await solid("#1e88e5", 2_000, 2_000);
      const document = {
        format: "snap-board",
        formatVersion: 1,
        snap: { title: "Large pictures", rows: 1, cols: 3 },
        cards: ids.map((id, index) => ({ key: `c${index}`, row: 0, col: index, cellType: "image", title: `/api/files/${id}` })),
        files: ids.map((id) => ({ id, name: `${id}.png`, contentType: "image/png", size: picture.length, path: `files/${id}` })),
      };
      const bytes = buildZip([{ name: "snap.json", data: JSON.stringify(document) }, ...ids.map((id) => ({ name: `files/${id}`, data: picture }))]);
      const answer = await importZip(bytes, { key: importer.key });
      expect(answer.status).toBe(413);
      expect(answer.body.error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(answer.body.error.message).toMatch(/at most 10,000,000 pixels in all \(IMPORT_MAX_IMAGE_PIXELS\)/);
      expect(await ownedFileCount(importer.id)).toBe(0);
      const snaps = await server.db.query(`SELECT 1 FROM "Snap" WHERE "userId" = $1`, [importer.id]);
      expect(snaps.rowCount).toBe(0);

      // Two of them (8 MP) are within it.
      const [first, second] = ids;
      const within = buildZip([
        { name: "snap.json", data: JSON.stringify({ ...document, cards: document.cards.slice(0, 2), files: document.files.slice(0, 2) }) },
        ...[first!, second!].map((id) => ({ name: `files/${id}`, data: picture })),
      ]);
      expect((await importZip(within, { key: importer.key })).status).toBe(201);
    });
  });
}
