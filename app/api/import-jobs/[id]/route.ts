import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { readImportJob } from "@/lib/transfer/import-jobs/read-import-job";

/** 202 while the job runs, 201 with the snap once done; a refusal is thrown as its own error (lib/transfer/import-jobs/read-import-job.ts). */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.getImportJob, async ({ principal, params }) => {
    const answer = await readImportJob(principal, params.id);
    return "job" in answer ? Response.json(answer, { status: 202, headers: { "Retry-After": "1" } }) : Response.json(answer, { status: 201 });
  }),
);
