import { describe, expect, it } from "vitest";
import { referencedFileIds, remapFileIds, withFileList, type SnapFileRow } from "@/lib/transfer/file-references";
import { parseSnapDocument } from "@/lib/transfer/parse-snap-document";

const OLD = "cold0000000001";
const OTHER = "cother00000002";
const NEW = "cnew0000000003";

const document = parseSnapDocument({
  format: "snap-board",
  formatVersion: 1,
  snap: { title: "Files", rows: 1, cols: 3 },
  cards: [
    { key: "c1", row: 0, col: 0, cellType: "image", title: `/api/files/${OLD}` },
    { key: "c2", row: 0, col: 1, title: `See /api/files/${OLD}?size=thumb and /api/files/${OTHER}` },
    { key: "c3", row: 0, col: 2, title: "https://example.com/api/files/x" },
  ],
});

const row = (id: string, size: number): SnapFileRow => ({
  id,
  objectId: id,
  name: `${id}.png`,
  contentType: "image/png",
  size,
  width: 1,
  height: 1,
  renditions: true,
  displaySize: 1,
  thumbSize: 1,
});

describe("file references in an export document", () => {
  it("finds the files named by titles and by attachments", () => {
    expect(referencedFileIds(document)).toEqual([OLD, OTHER]);
    const withAttachments = { cards: [{ ...document.cards[2]!, attachments: [{ id: NEW, name: "a.pdf", contentType: "application/pdf", size: 3 }] }] };
    expect(referencedFileIds(withAttachments as never)).toEqual([NEW]);
  });

  it("remaps titles and attachment ids to the new ids, leaving every other address alone", () => {
    const cards = [
      ...document.cards,
      {
        ...document.cards[2]!,
        key: "c4",
        attachments: [
          { id: OLD, name: "a.png" },
          { id: "unknown0001", name: "b" },
        ],
      },
    ];
    const remapped = remapFileIds(cards, new Map([[OLD, NEW]]));
    expect(remapped.map((card) => card.title)).toEqual([
      `/api/files/${NEW}`,
      `See /api/files/${NEW}?size=thumb and /api/files/${OTHER}`,
      "https://example.com/api/files/x",
      "https://example.com/api/files/x",
    ]);
    expect((remapped[3] as { attachments: unknown }).attachments).toEqual([
      { id: NEW, name: "a.png" },
      { id: "unknown0001", name: "b" },
    ]);
    expect(remapped[0]).not.toHaveProperty("attachments");
  });

  it("lists the files with their entries in an archive, and says what a JSON-only export leaves out", () => {
    const files = [row(OLD, 1_000), row(OTHER, 2_500)];
    expect(withFileList(document, [], false)).toBe(document);
    const zipped = withFileList(document, files, true);
    expect(zipped.files).toEqual([
      { id: OLD, name: `${OLD}.png`, contentType: "image/png", size: 1_000, path: `files/${OLD}` },
      { id: OTHER, name: `${OTHER}.png`, contentType: "image/png", size: 2_500, path: `files/${OTHER}` },
    ]);
    expect(zipped.filesNote).toBeUndefined();
    const plain = withFileList(document, files, false);
    expect(plain.files!.every((file) => file.path === undefined)).toBe(true);
    expect(plain.filesNote).toMatch(/^2 uploaded files \(3,500 bytes\) .* format=zip/);
    // Both documents are valid export documents: the import reads them back.
    expect(parseSnapDocument(JSON.parse(JSON.stringify(plain))).files).toHaveLength(2);
    expect(parseSnapDocument(JSON.parse(JSON.stringify(zipped))).files![0]!.path).toBe(`files/${OLD}`);
  });
});
