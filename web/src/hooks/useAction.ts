import { useCallback, useState } from "react";
import { errorMessage } from "../api/http";

export interface Action {
  busy: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  run: (action: () => Promise<void>) => Promise<void>;
}

/** Runs one user action: `busy` while it runs, and its failure in words in `error` (cleared when the next run starts). */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, setError, run };
}
