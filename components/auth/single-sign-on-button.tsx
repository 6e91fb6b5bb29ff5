"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** "Continue with <provider>": Auth.js sends the browser to the identity provider and back. */
export function SingleSignOnButton({ providerId, label, next = "/" }: { providerId: string; label: string; next?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      className="w-full"
      pending={pending}
      onClick={() => {
        setPending(true);
        void signIn(providerId, { redirectTo: next }).catch(() => setPending(false));
      }}
    >
      Continue with {label}
    </Button>
  );
}
