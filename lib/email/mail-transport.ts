import "server-only";
import type { Transporter } from "nodemailer";
import { config } from "@/lib/config";

const holder = globalThis as typeof globalThis & { snapMailTransport?: Promise<Transporter> };

/**
 * The process's SMTP transport (nodemailer) for SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when
 * the server offers it) or `smtps://…` (TLS from the start). Bounded waits: a server that does not
 * answer fails the send, and the job queue tries again later. nodemailer is loaded at the first
 * email: a process that never sends one does not hold it (docs/PERFORMANCE.md, "Loaded on first use").
 */
export function mailTransport(): Promise<Transporter> {
  holder.snapMailTransport ??= import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport(config().SMTP_URL!, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
  );
  return holder.snapMailTransport;
}
