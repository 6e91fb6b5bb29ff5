import { describeFileStorage } from "./file-suite";

describeFileStorage("disk", async () => ({ env: {} }));
