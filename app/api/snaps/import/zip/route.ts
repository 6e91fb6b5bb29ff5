import { receiveUpload } from "@/lib/files/receive-upload";
import { importJobAccepted } from "@/lib/transfer/import-jobs/import-job-accepted";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { importArchive } from "@/lib/transfer/import-archive";
import { queueUploadImport, runsAsJob } from "@/lib/transfer/import-jobs/queue-upload-import";

/** The archive reads its own body: streamed to a temporary file, never held whole in memory (lib/transfer/import-archive.ts); a large one is a job. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.importSnapArchive, async ({ request, principal, query }) => {
    const receive = (dir: string, maxBytes: number) => receiveUpload(request, { name: "snap.zip", dir, maxBytes });
    if (runsAsJob(request, "zip", query.dryRun)) return importJobAccepted(await queueUploadImport(principal, "zip", request, receive, query));
    const answer = await importArchive(principal, receive, query);
    return Response.json(answer, { status: "valid" in answer ? 200 : 201 });
  }),
);
