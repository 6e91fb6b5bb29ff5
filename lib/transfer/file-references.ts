import type { DocumentFile, SnapDocument } from "./transfer-schemas";

/** An uploaded file's address in a card's title (lib/files/file-view.ts): the id is group 1. */
const FILE_URL = /\/api\/files\/([a-z0-9]{8,64})(?![a-z0-9])/g;

/** A card as the document holds it, with the attachments a card may carry (file ids, or `[{ id, … }]`). */
type CardWithFiles = { title: string; attachments?: unknown };

function attachmentIds(card: CardWithFiles): string[] {
  if (!Array.isArray(card.attachments)) return [];
  return card.attachments.flatMap((attachment: unknown) => {
    const id = attachmentId(attachment);
    return id === undefined ? [] : [id];
  });
}

function attachmentId(attachment: unknown): string | undefined {
  if (typeof attachment === "string") return attachment;
  const id = attachment && typeof attachment === "object" ? (attachment as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}

/** The ids of the files the document's cards name: in a title's /api/files/<id>, or as an attachment's id. */
export function referencedFileIds(document: Pick<SnapDocument, "cards">): string[] {
  const ids = new Set<string>();
  for (const card of document.cards as CardWithFiles[]) {
    for (const match of card.title.matchAll(FILE_URL)) ids.add(match[1]!);
    for (const id of attachmentIds(card)) ids.add(id);
  }
  return [...ids];
}

/** The columns of a File row that exports read (lib/transfer/document-files.ts finds them). */
export interface SnapFileRow {
  id: string;
  objectId: string;
  name: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  renditions: boolean;
  displaySize: number | null;
  thumbSize: number | null;
}

/** The archive entry holding a file's bytes. */
export function archiveFilePath(fileId: string): string {
  return `files/${fileId}`;
}

/**
 * The document with its files listed: with their archive paths when the bytes travel with it
 * (.snap.zip), else with a note saying what was left out (docs/EXPORT-IMPORT.md, "Files").
 */
export function withFileList(document: SnapDocument, files: readonly SnapFileRow[], included: boolean): SnapDocument {
  if (files.length === 0) return document;
  const list: DocumentFile[] = files.map((file) => ({
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    ...(included ? { path: archiveFilePath(file.id) } : {}),
  }));
  if (included) return { ...document, files: list };
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const count = files.length === 1 ? "1 uploaded file" : `${files.length.toLocaleString("en")} uploaded files`;
  return {
    ...document,
    files: list,
    filesNote: `${count} (${bytes.toLocaleString("en")} bytes) listed in "files" are not in this document: its cards name them as /api/files/<id>, which only this server shows, to those who may read them. Export with format=zip (a .snap.zip) to carry them.`,
  };
}

/**
 * Cards naming files by their new ids: each /api/files/<old> in a title, and each attachment's id,
 * for the ids in `newIds` (an import's files); any other address is left as it is.
 */
export function remapFileIds<Card extends CardWithFiles>(cards: readonly Card[], newIds: ReadonlyMap<string, string>): Card[] {
  if (newIds.size === 0) return [...cards];
  return cards.map((card) => {
    const title = card.title.replace(FILE_URL, (whole, id: string) => (newIds.has(id) ? `/api/files/${newIds.get(id)}` : whole));
    if (!Array.isArray(card.attachments)) return title === card.title ? card : { ...card, title };
    const attachments = card.attachments.map((attachment: unknown) => {
      const id = attachmentId(attachment);
      if (id === undefined || !newIds.has(id)) return attachment;
      return typeof attachment === "string" ? newIds.get(id) : { ...(attachment as object), id: newIds.get(id) };
    });
    return { ...card, title, attachments };
  });
}
