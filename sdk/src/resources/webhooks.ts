import * as api from "../generated/sdk.gen.js";
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookUpdate } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { verifyWebhook, type VerifyOptions, type WebhookEvent } from "../webhooks.js";

/** Webhook endpoints: create, change, rotate the secret, see and retry deliveries, verify a delivery. */
export class Webhooks {
  constructor(private readonly context: Context) {}

  async list(): Promise<Webhook[]> {
    const { data } = await api.listWebhooks({ client: this.context.client, throwOnError: true });
    return data.webhooks;
  }

  async get(id: string): Promise<Webhook> {
    const { data } = await api.getWebhook({ client: this.context.client, throwOnError: true, path: { id } });
    return data.webhook;
  }

  /** A new endpoint and its signing secret (shown this once: keep it). */
  async create(body: WebhookCreate): Promise<{ webhook: Webhook; secret: string }> {
    const { data } = await api.createWebhook({ client: this.context.client, throwOnError: true, body });
    return data;
  }

  async update(id: string, body: WebhookUpdate): Promise<Webhook> {
    const { data } = await api.updateWebhook({ client: this.context.client, throwOnError: true, path: { id }, body });
    return data.webhook;
  }

  async delete(id: string): Promise<void> {
    await api.deleteWebhook({ client: this.context.client, throwOnError: true, path: { id } });
  }

  /** A new secret; the old one keeps signing beside it for a while (verify with both meanwhile). */
  async rotateSecret(id: string): Promise<string> {
    const { data } = await api.rotateWebhookSecret({ client: this.context.client, throwOnError: true, path: { id } });
    return data.secret;
  }

  async deliveries(id: string, query: { limit?: number } = {}): Promise<WebhookDelivery[]> {
    const { data } = await api.listWebhookDeliveries({ client: this.context.client, throwOnError: true, path: { id }, query });
    return data.deliveries;
  }

  async retryDelivery(id: string, deliveryId: string): Promise<string> {
    const { data } = await api.retryWebhookDelivery({ client: this.context.client, throwOnError: true, path: { id, deliveryId } });
    return data.deliveryId;
  }

  /** Sends a `webhook.test` event to the endpoint now. */
  async test(id: string): Promise<string> {
    const { data } = await api.sendWebhookTest({ client: this.context.client, throwOnError: true, path: { id } });
    return data.deliveryId;
  }

  /** Checks a delivery's signature and timestamp (Standard Webhooks) and returns its event. */
  verify(
    rawBody: string | Uint8Array,
    headers: Headers | Record<string, string | string[] | undefined>,
    secret: string | readonly string[],
    options?: VerifyOptions,
  ): Promise<WebhookEvent> {
    return verifyWebhook(rawBody, headers, secret, options);
  }
}
