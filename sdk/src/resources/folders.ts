import * as api from "../generated/sdk.gen.js";
import type { Folder, FolderCreate } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { writeHeaders, type WriteOptions } from "./options.js";

/** Your folders of snaps. */
export class Folders {
  constructor(private readonly context: Context) {}

  async list(): Promise<Folder[]> {
    const { data } = await api.listFolders({ client: this.context.client, throwOnError: true });
    return data.folders;
  }

  async create(body: FolderCreate, options: WriteOptions = {}): Promise<Folder> {
    const { data } = await api.createFolder({ client: this.context.client, throwOnError: true, body, headers: writeHeaders(options) });
    return data.folder;
  }

  async rename(id: string, name: string): Promise<Folder> {
    const { data } = await api.renameFolder({ client: this.context.client, throwOnError: true, path: { id }, body: { name } });
    return data.folder;
  }

  async delete(id: string): Promise<void> {
    await api.deleteFolder({ client: this.context.client, throwOnError: true, path: { id } });
  }
}
