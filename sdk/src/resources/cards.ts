import * as api from "../generated/sdk.gen.js";
import type { Card, CardBatchCreate, CardBatchUpdate, CardCreate, CardUpdate } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { etagOf, readModifyWrite, type ModifyOptions, type Tagged } from "../etag.js";
import { writeHeaders, type ConditionalWriteOptions, type WriteOptions } from "./options.js";

/** Cards of a snap, one at a time or up to 100 in one batch. */
export class Cards {
  constructor(private readonly context: Context) {}

  async get(id: string): Promise<Card> {
    return (await this.getWithETag(id)).value;
  }

  async getWithETag(id: string): Promise<Tagged<Card>> {
    const { data, response } = await api.getCard({ client: this.context.client, throwOnError: true, path: { id } });
    return { value: data.card, etag: etagOf(response) };
  }

  /** A card on the snap `snapId`. */
  async create(snapId: string, body: CardCreate, options: WriteOptions = {}): Promise<Card> {
    const { data } = await api.createCard({ client: this.context.client, throwOnError: true, path: { id: snapId }, body, headers: writeHeaders(options) });
    return data.card;
  }

  async update(id: string, body: CardUpdate, options: ConditionalWriteOptions = {}): Promise<Card> {
    const { data } = await api.updateCard({ client: this.context.client, throwOnError: true, path: { id }, body, headers: writeHeaders(options) });
    return data.card;
  }

  /** Read, change and write back with If-Match, again on a conflicting write (see etag.ts). */
  modify(id: string, change: (card: Card) => CardUpdate | Promise<CardUpdate>, options?: ModifyOptions): Promise<Card> {
    return readModifyWrite(
      () => this.getWithETag(id),
      change,
      (body, ifMatch) => this.update(id, body, { ifMatch }),
      options,
    );
  }

  async delete(id: string): Promise<void> {
    await api.deleteCard({ client: this.context.client, throwOnError: true, path: { id } });
  }

  /** 1–100 cards in one request, all or none. */
  async createMany(body: CardBatchCreate, options: WriteOptions = {}): Promise<Card[]> {
    const { data } = await api.createCards({ client: this.context.client, throwOnError: true, body, headers: writeHeaders(options) });
    return data.cards;
  }

  /** 1–100 card updates in one request, all or none. */
  async updateMany(body: CardBatchUpdate): Promise<Card[]> {
    const { data } = await api.updateCards({ client: this.context.client, throwOnError: true, body });
    return data.cards;
  }
}
