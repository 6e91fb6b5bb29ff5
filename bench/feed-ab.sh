#!/usr/bin/env bash
# What the event feed costs the 100-card batch PATCH over HTTP at one connection (docs/PERFORMANCE.md,
# "Design decisions"): this checkout against a scratch checkout of the same commit whose
# writes record no feed rows (feedEvents and recordFeedEvents made no-ops), both production builds in
# .next-bench, driven in turn by bench/ab.ts (scenario d) so that the machine's noise falls on both.
#
#   bash bench/feed-ab.sh          BENCH_ROUNDS, BENCH_SLICE as for bench/ab.ts; SKIP_BENCH_BUILD=1 reuses both builds
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="$PWD/../.snap-bench-without-feed"
if [ ! -d "$scratch" ]; then
  git worktree add --detach "$scratch" HEAD >/dev/null
  cp -al node_modules "$scratch/node_modules" # a hard-linked copy: Turbopack refuses a symlink that leaves the root
fi
git -C "$scratch" checkout --quiet --force --detach "$(git rev-parse HEAD)" # this checkout's last commit: commit before running
# The feed's rows out of every write: the rider adds no CTE, the statements of their own do nothing.
perl -0pi -e 's/export function feedEvents\(events: readonly FeedEventInput\[\]\): SnapChangeRider \{/$&\n  if (events) return () => Prisma.empty;/; s/export async function recordFeedEvents\(tx: Tx, actor: WriteActor, events: readonly FeedEventInput\[\]\): Promise<void> \{/$&\n  if (events) return;/' \
  "$scratch/lib/events/record-feed-events.ts"
grep -q "if (events) return () => Prisma.empty" "$scratch/lib/events/record-feed-events.ts" || { echo "feed-ab: the patch no longer applies" >&2; exit 1; }
if [ "${SKIP_BENCH_BUILD:-}" != 1 ]; then
  (cd "$scratch" && node scripts/prisma-generate.mjs >/dev/null && SKIP_BUILD_TYPECHECK=1 NEXT_DIST_DIR=.next-bench npx next build >/dev/null)
  SKIP_BUILD_TYPECHECK=1 NEXT_DIST_DIR=.next-bench npx next build >/dev/null
fi
BENCH_CONNECTIONS=1 DATABASE_POOL_SIZE=${DATABASE_POOL_SIZE:-4} NEXT_DIST_DIR=.next-bench npx tsx --conditions=react-server bench/ab.ts d withFeed "withoutFeed,cwd=$scratch"
