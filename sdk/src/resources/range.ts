import * as api from "../generated/sdk.gen.js";
import type { SnapChangesResponse } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { writeHeaders, type ConditionalWriteOptions } from "./options.js";

/** A cell's title, or null: an empty cell or one a larger card covers (read); leave the cell alone (write). */
export type RangeValue = string | null;

/** A snap's cards as a table of titles: how an agent or a spreadsheet sees a board. */
export class Ranges {
  constructor(private readonly context: Context) {}

  /** `rows` × `cols` titles from (row, col), 0-based; at most 10,000 cells a read. */
  async read(snapId: string, at: { row: number; col: number; rows: number; cols: number }): Promise<RangeValue[][]> {
    const { data } = await api.readRange({ client: this.context.client, throwOnError: true, path: { id: snapId }, query: at });
    return data.values;
  }

  /**
   * Writes a table with its top-left corner at (row, col) as one change: a title into each card
   * whose corner is there, a new card in each empty cell, nothing where a value is null. At most
   * 5,000 cells.
   */
  async write(
    snapId: string,
    at: { row: number; col: number },
    values: RangeValue[][],
    options: ConditionalWriteOptions & { baseVersion?: number } = {},
  ): Promise<SnapChangesResponse> {
    const { data } = await api.writeRange({
      client: this.context.client,
      throwOnError: true,
      path: { id: snapId },
      body: { ...at, values, ...(options.baseVersion === undefined ? {} : { baseVersion: options.baseVersion }) },
      headers: writeHeaders(options),
    });
    return data;
  }
}
