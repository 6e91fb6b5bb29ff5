import type { WebhookDelivery } from "./webhook-types";

const TONES: Record<WebhookDelivery["status"], string> = {
  succeeded: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  pending: "bg-amber-50 text-amber-800 ring-amber-600/20",
  failed: "bg-red-50 text-red-700 ring-red-600/20",
};
const LABELS: Record<WebhookDelivery["status"], string> = { succeeded: "Delivered", pending: "Pending", failed: "Failed" };

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery["status"] }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status]}`}>{LABELS[status]}</span>;
}
