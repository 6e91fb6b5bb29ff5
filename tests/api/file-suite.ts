import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, documentedFetch } from "./helpers";
import { fileTestUser, startFileServer, TEST_FILE_LIMITS, type FileServer, type FileTestUser } from "./file-server";

/** A JPEG as a phone takes it: turned by EXIF (orientation 6), with a GPS position and a private string. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 300, channels: 3, background: "#c0392b" } })
    .withExif({ IFD0: { Copyright: "SNAP-SECRET-PLACE" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 30/1" } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A real PNG of 20,000 × 20,000 black pixels (400 MP) in about 50 KB: a decompression bomb. */
/** The smallest document `file-type` calls a PDF: its signature and an end marker. */
function minimalPdf(): Buffer {
  return Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
}

function decompressionBomb(): Buffer {
  const side = 20_000;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const rows = Buffer.alloc(side * (1 + side / 8)); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

type Caller = { key?: string; cookie?: string };

function authHeaders(server: FileServer, caller: Caller): Record<string, string> {
  if (caller.key) return { authorization: `Bearer ${caller.key}` };
  if (caller.cookie) return { cookie: caller.cookie, origin: server.baseUrl };
  return {};
}

async function uploadMultipart(server: FileServer, snapId: string, caller: Caller, bytes: Buffer, name: string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await documentedFetch(`${server.baseUrl}/api/snaps/${snapId}/files`, { method: "POST", headers: authHeaders(server, caller), body: form });
  return { status: response.status, body: await response.json() };
}

async function uploadRaw(server: FileServer, snapId: string, caller: Caller, bytes: Buffer, name: string, type: string) {
  const response = await documentedFetch(`${server.baseUrl}/api/snaps/${snapId}/files?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { ...authHeaders(server, caller), "content-type": type },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: await response.json() };
}

async function read(server: FileServer, path: string, caller: Caller, headers: Record<string, string> = {}) {
  const response = await documentedFetch(`${server.baseUrl}${path}`, { headers: { ...authHeaders(server, caller), ...headers } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The files API on one storage backend (docs/API.md, "Files"), against an app server and database
 * of its own: upload, every kind of reader, the public board, refusals, sniffing, image processing,
 * ranges, limits and the orphan sweep.
 */
export function describeFileStorage(label: string, storageEnv: () => Promise<{ env: Record<string, string>; stop?: () => Promise<void> }>) {
  describe(`files on ${label}`, () => {
    let server: FileServer;
    let stopStorage: (() => Promise<void>) | undefined;
    let owner: FileTestUser;
    let member: FileTestUser;
    let outsider: FileTestUser;
    let snapId: string;

    beforeAll(async () => {
      const storage = await storageEnv();
      stopStorage = storage.stop;
      server = await startFileServer(storage.env);
      owner = await fileTestUser(server, "owner");
      [member, outsider] = await Promise.all([fileTestUser(server, "member", owner.workspaceId), fileTestUser(server, "outsider")]);
      const created = await api("POST", "/api/snaps", { key: owner.key, body: { title: "Files" }, baseUrl: server.baseUrl });
      snapId = created.body.snap.id;
      await api("PATCH", `/api/snaps/${snapId}`, { key: owner.key, body: { sharedWithWorkspace: true }, baseUrl: server.baseUrl });
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await stopStorage?.();
    });

    it("stores a photo upright without its metadata, with renditions, for each kind of reader", async () => {
      const photo = await phonePhoto();
      const uploaded = await uploadMultipart(server, snapId, { cookie: owner.cookie }, photo, "C:\\Users\\me\\holiday.jpg", "image/png");
      expect(uploaded.status).toBe(201);
      const file = uploaded.body.file;
      expect(file).toMatchObject({ snapId, name: "holiday.jpg", contentType: "image/jpeg", width: 300, height: 600, createdBy: owner.id });
      expect(file.url).toBe(`/api/files/${file.id}`);
      expect(file.thumbnailUrl).toBe(`/api/files/${file.id}?size=thumb`);

      const byKey = await read(server, file.url, { key: owner.key });
      expect(byKey.response.status).toBe(200);
      expect(byKey.response.headers.get("content-type")).toBe("image/jpeg");
      expect(byKey.response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(byKey.response.headers.get("content-security-policy")).toMatch(/\bsandbox\b/);
      expect(byKey.response.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
      expect(byKey.response.headers.get("content-disposition")).toMatch(/^inline; filename="holiday.jpg"/);
      expect(byKey.bytes.length).toBe(file.size);
      const served = await sharp(byKey.bytes).metadata();
      expect({ width: served.width, height: served.height, exif: served.exif, orientation: served.orientation }).toEqual({
        width: 300,
        height: 600,
        exif: undefined,
        orientation: undefined,
      });
      expect(byKey.bytes.includes("SNAP-SECRET-PLACE")).toBe(false);

      // The same bytes for the session, a workspace member who may read, and the ETag's 304.
      const byCookie = await read(server, file.url, { cookie: owner.cookie });
      expect(byCookie.bytes.equals(byKey.bytes)).toBe(true);
      expect((await read(server, file.url, { key: member.key })).response.status).toBe(200);
      const etag = byKey.response.headers.get("etag")!;
      expect((await read(server, file.url, { key: owner.key }, { "if-none-match": etag })).response.status).toBe(304);

      const display = await read(server, `${file.url}?size=display`, { key: owner.key });
      expect(display.response.headers.get("content-type")).toBe("image/webp");
      expect(await sharp(display.bytes).metadata()).toMatchObject({ width: 300, height: 600 });
      const thumb = await read(server, file.thumbnailUrl, { key: owner.key });
      expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 200, height: 400 });

      // Ranges: the middle, the last bytes, and one past the end.
      const middle = await read(server, file.url, { key: owner.key }, { range: "bytes=10-19" });
      expect(middle.response.status).toBe(206);
      expect(middle.response.headers.get("content-range")).toBe(`bytes 10-19/${file.size}`);
      expect(middle.bytes.equals(byKey.bytes.subarray(10, 20))).toBe(true);
      const tail = await read(server, file.url, { key: owner.key }, { range: "bytes=-5" });
      expect(tail.bytes.equals(byKey.bytes.subarray(-5))).toBe(true);
      const past = await read(server, file.url, { key: owner.key }, { range: `bytes=${file.size}-` });
      expect(past.response.status).toBe(416);
      expect(past.response.headers.get("content-range")).toBe(`bytes */${file.size}`);

      // Strangers: another workspace's reader 404, no credential 401, until the board is public.
      expect((await read(server, file.url, { key: outsider.key })).response.status).toBe(404);
      expect((await read(server, file.url, {})).response.status).toBe(401);
      const shared = await api("PATCH", `/api/snaps/${snapId}`, { key: owner.key, body: { isPublic: true }, baseUrl: server.baseUrl });
      const token = shared.body.snap.shareToken as string;
      expect((await read(server, `${file.url}?size=display&share=${token}`, {})).response.status).toBe(200);
      expect((await read(server, `${file.url}?share=${token.slice(0, -2)}xx`, {})).response.status).toBe(404);

      const listed = await api("GET", `/api/snaps/${snapId}/files`, { key: member.key, baseUrl: server.baseUrl });
      expect(listed.status).toBe(200);
      expect(listed.body.files.map((listedFile: { id: string }) => listedFile.id)).toContain(file.id);
    });

    it("refuses writers without edit access, identifies content by its bytes, and refuses bombs", async () => {
      const readKey = await api("POST", "/api/keys", { cookie: owner.cookie, body: { name: "read", access: "read" }, baseUrl: server.baseUrl });
      const text = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
      expect((await uploadRaw(server, snapId, { key: readKey.body.apiKey.key }, text, "a.png", "image/png")).status).toBe(403);
      expect((await uploadRaw(server, snapId, { key: member.key }, text, "a.png", "image/png")).status).toBe(403);
      expect((await uploadRaw(server, snapId, { key: outsider.key }, text, "a.png", "image/png")).status).toBe(403);

      const html = await uploadRaw(server, snapId, { key: owner.key }, text, "innocent.png", "image/png");
      expect(html.status).toBe(201);
      expect(html.body.file).toMatchObject({ name: "innocent.png", contentType: "text/plain; charset=utf-8" });
      expect(html.body.file.thumbnailUrl).toBeUndefined();
      const served = await read(server, html.body.file.url, { key: owner.key });
      expect(served.response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(served.response.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect((await read(server, `${html.body.file.url}?size=display`, { key: owner.key })).response.status).toBe(404);

      const svg = await uploadRaw(
        server,
        snapId,
        { key: owner.key },
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
        "x.svg",
        "image/svg+xml",
      );
      expect(svg.body.file.contentType).toBe("image/svg+xml");
      expect((await read(server, svg.body.file.url, { key: owner.key })).response.headers.get("content-disposition")).toMatch(/^attachment; /);

      // The file viewer's ?view=1: a PDF's original inline, framable by this origin only and without
      // `sandbox` (Chrome's PDF viewer refuses it); refused for anything that could run as a page.
      const image = await uploadRaw(
        server,
        snapId,
        { key: owner.key },
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } })
          .png()
          .toBuffer(),
        "dot.png",
        "image/png",
      );
      const pdf = await uploadRaw(server, snapId, { key: owner.key }, minimalPdf(), "plan.pdf", "application/octet-stream");
      expect(pdf.body.file.contentType).toBe("application/pdf");
      const pdfPlain = (await read(server, pdf.body.file.url, { key: owner.key })).response;
      expect(pdfPlain.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect(pdfPlain.headers.get("content-security-policy")).toMatch(/\bsandbox\b/);
      expect(pdfPlain.headers.get("x-frame-options")).toBe("DENY");
      const pdfView = (await read(server, `${pdf.body.file.url}?view=1`, { key: owner.key })).response;
      expect(pdfView.status).toBe(200);
      expect(pdfView.headers.get("content-type")).toBe("application/pdf");
      expect(pdfView.headers.get("content-disposition")).toMatch(/^inline; filename="plan.pdf"/);
      expect(pdfView.headers.get("x-content-type-options")).toBe("nosniff");
      expect(pdfView.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(pdfView.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'");
      for (const [url, label] of [
        [svg.body.file.url, "svg"],
        [html.body.file.url, "html as text"],
        [image.body.file.url, "png"],
        [`${pdf.body.file.url}?size=display`, "pdf rendition"],
      ] as const) {
        const refused = await read(server, `${url}${url.includes("?") ? "&" : "?"}view=1`, { key: owner.key });
        expect(refused.response.status, label).toBe(400);
        expect(JSON.parse(refused.bytes.toString()).error.details, label).toEqual([expect.objectContaining({ path: "view" })]);
      }
      expect((await read(server, `${pdf.body.file.url}?view=1&download=1`, { key: owner.key })).response.status).toBe(400);
      expect((await read(server, `${pdf.body.file.url}?view=2`, { key: owner.key })).response.status).toBe(400);

      const bomb = await uploadRaw(server, snapId, { key: owner.key }, decompressionBomb(), "bomb.png", "image/png");
      expect(bomb.status).toBe(413);
      expect(bomb.body.error.message).toMatch(/pixels/);
      const broken = await uploadRaw(server, snapId, { key: owner.key }, Buffer.concat([(await phonePhoto()).subarray(0, 400)]), "cut.jpg", "image/jpeg");
      expect(broken.status).toBe(400);
    });

    it("enforces the file and workspace limits with a 413 naming them", async () => {
      const limit = Number(TEST_FILE_LIMITS.FILE_MAX_BYTES);
      const tooBig = await uploadRaw(server, snapId, { key: owner.key }, Buffer.alloc(limit + 1, 7), "big.bin", "application/octet-stream");
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.error.message).toContain("400,000");
      const oneFile = await uploadRaw(server, snapId, { key: owner.key }, Buffer.alloc(limit, 7), "max.bin", "application/octet-stream");
      expect(oneFile.status).toBe(201);
      // The quota (900,000) counts what the workspace holds: the third file of 400,000 does not fit.
      const second = await uploadRaw(server, snapId, { key: owner.key }, Buffer.alloc(limit, 8), "second.bin", "application/octet-stream");
      expect(second.status).toBe(201);
      const third = await uploadMultipart(server, snapId, { key: owner.key }, Buffer.alloc(limit, 9), "third.bin");
      expect(third.status).toBe(413);
      expect(third.body.error.message).toMatch(/may hold 900,000 bytes .* holds \d{3},\d{3}/);
      for (const id of [oneFile.body.file.id, second.body.file.id]) {
        expect((await api("DELETE", `/api/files/${id}`, { key: member.key, baseUrl: server.baseUrl })).status).toBe(403);
        expect((await api("DELETE", `/api/files/${id}`, { key: owner.key, baseUrl: server.baseUrl })).status).toBe(200);
      }
      expect((await read(server, `/api/files/${oneFile.body.file.id}`, { key: owner.key })).response.status).toBe(404);
      const audit = await server.db.query(`SELECT action, "targetName" FROM "AuditEvent" WHERE "targetId" = $1`, [second.body.file.id]);
      expect(audit.rows).toEqual([{ action: "file.deleted", targetName: "second.bin" }]);
      const events = await server.db.query(`SELECT type FROM "FeedEvent" WHERE "snapId" = $1 AND type LIKE 'file.%' ORDER BY seq`, [snapId]);
      expect(events.rows.map((row) => row.type)).toContain("file.deleted");
    });

    it("duplicates a board with its images: the copy's cards show copies that outlive the original's deletion", async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#8e44ad" } })
        .png()
        .toBuffer();
      const source = await api("POST", "/api/snaps", { key: owner.key, body: { title: "Source" }, baseUrl: server.baseUrl });
      const file = (await uploadRaw(server, source.body.snap.id, { key: owner.key }, png, "violet.png", "image/png")).body.file;
      await api("POST", `/api/snaps/cards/${source.body.snap.id}`, {
        key: owner.key,
        body: { row: 0, col: 1, cellType: "image", title: file.url },
        baseUrl: server.baseUrl,
      });
      const copy = await api("POST", `/api/snaps/${source.body.snap.id}/duplicate`, { key: owner.key, body: {}, baseUrl: server.baseUrl });
      expect(copy.status).toBe(201);
      const copiedUrl: string = copy.body.snap.cards.find((card: { cellType: string }) => card.cellType === "image").title;
      expect(copiedUrl).toMatch(/^\/api\/files\/[a-z0-9]+$/);
      expect(copiedUrl).not.toBe(file.url);
      const listed = await api("GET", `/api/snaps/${copy.body.snap.id}/files`, { key: owner.key, baseUrl: server.baseUrl });
      expect(listed.body.files).toEqual([expect.objectContaining({ url: copiedUrl, name: "violet.png", size: file.size, snapId: copy.body.snap.id })]);
      const original = await read(server, file.url, { key: owner.key });
      // The source board goes, with its file; the copy's bytes stay.
      expect((await api("DELETE", `/api/snaps/${source.body.snap.id}`, { key: owner.key, baseUrl: server.baseUrl })).status).toBe(200);
      await server.db.query(`SELECT graphile_worker.add_job('file-sweep', '{}'::json)`);
      await expect
        .poll(async () => (await server.db.query(`SELECT 1 FROM "FileObjectDeletion" WHERE "objectId" = $1`, [file.id])).rowCount, { timeout: 30_000 })
        .toBe(0);
      const copied = await read(server, copiedUrl, { key: owner.key });
      expect(copied.response.status).toBe(200);
      expect(copied.bytes.equals(original.bytes)).toBe(true);
    });

    it("sweeps a file nothing refers to after the grace period, and keeps one a card or history shows", async () => {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#2980b9" } })
        .png()
        .toBuffer();
      const [orphan, shown, remembered] = await Promise.all(
        ["orphan.png", "shown.png", "remembered.png"].map(
          async (name) => (await uploadRaw(server, snapId, { key: owner.key }, png, name, "image/png")).body.file,
        ),
      );
      await api("POST", `/api/snaps/cards/${snapId}`, {
        key: owner.key,
        body: { row: 0, col: 0, cellType: "image", title: shown.url },
        baseUrl: server.baseUrl,
      });
      const card = await api("POST", `/api/snaps/cards/${snapId}`, {
        key: owner.key,
        body: { row: 1, col: 0, cellType: "image", title: remembered.url },
        baseUrl: server.baseUrl,
      });
      await api("DELETE", `/api/snaps/cards/${card.body.card.id}`, { key: owner.key, baseUrl: server.baseUrl });
      await server.db.query(`UPDATE "File" SET "createdAt" = now() - interval '2 days' WHERE id = ANY($1)`, [[orphan.id, shown.id, remembered.id]]);
      await server.db.query(`SELECT graphile_worker.add_job('file-sweep', '{}'::json)`);
      await expect.poll(async () => (await server.db.query(`SELECT 1 FROM "File" WHERE id = $1`, [orphan.id])).rowCount, { timeout: 30_000 }).toBe(0);
      await expect
        .poll(async () => (await server.db.query(`SELECT 1 FROM "FileObjectDeletion" WHERE "objectId" = $1`, [orphan.id])).rowCount, { timeout: 30_000 })
        .toBe(0);
      const left = await server.db.query(`SELECT id FROM "File" WHERE id = ANY($1) ORDER BY name`, [[shown.id, remembered.id]]);
      expect(left.rows.map((row) => row.id).sort()).toEqual([shown.id, remembered.id].sort());
      expect((await read(server, orphan.url, { key: owner.key })).response.status).toBe(404);
      expect((await read(server, shown.url, { key: owner.key })).response.status).toBe(200);
    });
  });
}
