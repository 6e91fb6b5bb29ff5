"use client";

import { Button } from "@/components/ui/button";
import { AlertIcon } from "@/components/ui/icons";

/** The board could not be loaded (the database is unreachable, say): say so and offer a retry. */
export default function BoardError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center" role="alert">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertIcon className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">The board could not be loaded</h1>
      <p className="mt-2 text-sm text-slate-600">Something went wrong on our side. Try again in a moment.</p>
      <Button className="mt-6" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
