import * as api from "../generated/sdk.gen.js";
import type { Line, LineCreate, LineUpdate } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { writeHeaders, type WriteOptions } from "./options.js";

/** Lines between two cards of a snap. */
export class Lines {
  constructor(private readonly context: Context) {}

  async create(snapId: string, body: LineCreate, options: WriteOptions = {}): Promise<Line> {
    const { data } = await api.createLine({ client: this.context.client, throwOnError: true, path: { id: snapId }, body, headers: writeHeaders(options) });
    return data.line;
  }

  async update(id: string, body: LineUpdate): Promise<Line> {
    const { data } = await api.updateLine({ client: this.context.client, throwOnError: true, path: { id }, body });
    return data.line;
  }

  async delete(id: string): Promise<void> {
    await api.deleteLine({ client: this.context.client, throwOnError: true, path: { id } });
  }
}
