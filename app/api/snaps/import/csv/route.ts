import { receiveUpload } from "@/lib/files/receive-upload";
import { importJobAccepted } from "@/lib/transfer/import-jobs/import-job-accepted";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { importCsv } from "@/lib/transfer/formats/import-csv";
import { queueUploadImport, runsAsJob } from "@/lib/transfer/import-jobs/queue-upload-import";

/** The file reads its own body (raw or multipart), within the CSV import's bound (lib/transfer/formats/import-csv.ts); a large one is a job. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.importSnapCsv, async ({ request, principal, query }) => {
    const receive = (dir: string, maxBytes: number) => receiveUpload(request, { name: "upload", dir, maxBytes });
    if (runsAsJob(request, "csv", query.dryRun)) return importJobAccepted(await queueUploadImport(principal, "csv", request, receive, query));
    const answer = await importCsv(principal, receive, request.headers.get("content-type") ?? "", query);
    return Response.json(answer, { status: "valid" in answer ? 200 : 201 });
  }),
);
