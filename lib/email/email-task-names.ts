/** The job queue's email tasks (graphile-worker; registered only where email is on). No Prisma here: the job worker imports it. */
export const EMAIL_SEND_TASK = "email-send";
export const EMAIL_DIGEST_TASK = "email-digest";
