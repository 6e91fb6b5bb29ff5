import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config";

const holder = globalThis as typeof globalThis & { snapMailTransport?: Transporter };

/**
 * The process's SMTP transport (nodemailer) for SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when
 * the server offers it) or `smtps://…` (TLS from the start). Bounded waits: a server that does not
 * answer fails the send, and the job queue tries again later.
 */
export function mailTransport(): Transporter {
  holder.snapMailTransport ??= nodemailer.createTransport(config().SMTP_URL!, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return holder.snapMailTransport;
}
