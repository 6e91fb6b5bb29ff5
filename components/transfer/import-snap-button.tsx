"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ImportDialog } from "./import-dialog";
import { UploadIcon } from "./transfer-icons";

/** The dashboard's Import button and its dialog. */
export function ImportSnapButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <UploadIcon />
        Import
      </Button>
      <ImportDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
