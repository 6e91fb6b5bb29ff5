import { receiveUpload } from "@/lib/files/receive-upload";
import { importJobAccepted } from "@/lib/transfer/import-jobs/import-job-accepted";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { importXlsx } from "@/lib/transfer/formats/xlsx/import-xlsx";
import { queueUploadImport, runsAsJob } from "@/lib/transfer/import-jobs/queue-upload-import";

/** The workbook reads its own body: streamed to a temporary file and checked as a zip before it is read (lib/transfer/formats/xlsx/); a large one is a job. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.importSnapXlsx, async ({ request, principal, query }) => {
    const receive = (dir: string, maxBytes: number) => receiveUpload(request, { name: "upload", dir, maxBytes });
    if (runsAsJob(request, "xlsx", query.dryRun)) return importJobAccepted(await queueUploadImport(principal, "xlsx", request, receive, query));
    const answer = await importXlsx(principal, receive, query);
    return Response.json(answer, { status: "valid" in answer ? 200 : 201 });
  }),
);
