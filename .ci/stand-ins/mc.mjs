#!/usr/bin/env node
// `mc ready local`, `mc alias set NAME URL KEY SECRET` and `mc mb [--ignore-existing] NAME/BUCKET`.
import { readFileSync, writeFileSync } from "node:fs";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";

const aliases = "/tmp/mc-aliases.json";
const [command, ...args] = process.argv.slice(2);
if (command === "ready") {
  const response = await fetch("http://127.0.0.1:9000/");
  process.exit(response.status < 500 ? 0 : 1);
} else if (command === "alias" && args[0] === "set") {
  const [, name, endpoint, accessKeyId, secretAccessKey] = args;
  await fetch(endpoint); // as mc, refuses a server that does not answer
  writeFileSync(aliases, JSON.stringify({ [name]: { endpoint, accessKeyId, secretAccessKey } }));
} else if (command === "mb") {
  const [name, bucket] = args.filter((arg) => !arg.startsWith("--"))[0].split("/");
  const { endpoint, accessKeyId, secretAccessKey } = JSON.parse(readFileSync(aliases, "utf8"))[name];
  const s3 = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    console.log(`Bucket created successfully \`${name}/${bucket}\`.`);
  } catch (error) {
    if (!args.includes("--ignore-existing") || error.name !== "BucketAlreadyOwnedByYou") throw error;
  }
} else {
  console.error(`mc stand-in: ${command} is not known`);
  process.exit(2);
}
