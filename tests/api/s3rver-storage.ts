import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * File storage on S3 through the real SDK, against s3rver (an S3-speaking server on loopback)
 * started here in a folder of its own: the app's environment for it, and how to stop it.
 */
export async function startS3rverStorage(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), "snap-s3rver-"));
  const s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: "snap-files", configs: [] }] });
  const { port } = await s3.run();
  return {
    env: {
      FILE_STORAGE: "s3://snap-files/test/files",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
