import { exampleSnap } from "./examples";

const exampleFileId = "cm4file0000000000000000001";

export const exampleFile = {
  id: exampleFileId,
  snapId: exampleSnap.id,
  name: "whiteboard.jpg",
  contentType: "image/jpeg",
  size: 482113,
  width: 2016,
  height: 1512,
  url: `/api/files/${exampleFileId}`,
  thumbnailUrl: `/api/files/${exampleFileId}?size=thumb`,
  createdAt: "2026-11-28T09:30:00.000Z",
  createdBy: "cm4user000000000000000001",
};
