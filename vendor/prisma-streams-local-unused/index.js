// Only `prisma dev` (a local Prisma Postgres) imports @prisma/streams-local. This project runs its
// own embedded PostgreSQL instead and never runs `prisma dev`, so the package is replaced by this
// one (package.json "overrides"): it declares no Node.js 22 requirement, so `npm install` on Node 20
// warns about nothing, and it says so if anything ever calls it.
export function startLocalDurableStreamsServer() {
  throw new Error('@prisma/streams-local is not installed: `prisma dev` is not used in this project (docs/OPERATIONS.md, "Install")');
}
