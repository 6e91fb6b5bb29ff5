#!/usr/bin/env node
// `minio server DIR`: s3rver on port 9000, keeping the buckets in DIR.
import S3rver from "s3rver";

const [command, directory] = process.argv.slice(2);
if (command !== "server" || !directory) throw new Error("usage: minio server DIR");
// Path-style only: the service name (http://s3:9000) is no bucket.
const server = new S3rver({ address: "0.0.0.0", port: 9000, directory, silent: false, vhostBuckets: false });
await server.run();
console.log(`s3rver on :9000, ${directory}`);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
