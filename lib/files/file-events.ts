import type { FeedEventInput } from "@/lib/events/record-feed-events";
import type { FileView } from "./file-schemas";

export function fileCreatedEvent(file: FileView): FeedEventInput {
  return { type: "file.created", snapId: file.snapId, data: { file }, idsOnly: () => ({ fileId: file.id }) };
}

export function fileDeletedEvent(snapId: string, fileId: string): FeedEventInput {
  return { type: "file.deleted", snapId, data: { fileId }, idsOnly: () => ({ fileId }) };
}
