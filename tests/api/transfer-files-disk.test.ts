import { describeTransferFiles } from "./transfer-files-suite";

describeTransferFiles("disk", async () => ({ env: {} }));
