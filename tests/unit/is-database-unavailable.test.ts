import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/lib/errors/is-database-unavailable";

/** The shapes seen when tests/api/faults.test.ts cuts the database connections under load. */
describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connect", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    [
      "the adapter's error for a reset connection",
      Object.assign(new Error("ConnectionClosed"), { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } }),
    ],
    [
      "Prisma's P2010 wrapping it (a raw query inside a transaction)",
      Object.assign(new Error("Raw query failed. Code: `N/A`. Message: `Server has closed the connection.`"), {
        code: "P2010",
        meta: { driverAdapterError: { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } } },
      }),
    ],
    ["pg's connection end between statements", new Error("Connection terminated unexpectedly")],
    ["pg-pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a server shutting down", Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })],
  ])("recognises %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "P2002" })],
    ["a raw query's SQL error", { code: "P2010", meta: { driverAdapterError: { cause: { kind: "postgres", code: "22P02" } } } }],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["a thrown string", "ECONNREFUSED"],
  ])("does not take %s for an outage", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
