import { describeFileStorage } from "./file-suite";
import { startS3rverStorage } from "./s3rver-storage";

/** S3 through the real SDK against s3rver, an S3-speaking server on loopback started here. */
describeFileStorage("S3 (s3rver)", startS3rverStorage);
