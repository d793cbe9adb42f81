import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../api/http";

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Loads data when `deps` change (`load` is memoised on them); `reload()` fetches again. Stale answers are dropped. */
export function useLoader<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const loadNow = useCallback(load, deps);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const value = await loadNow();
      if (mine !== generation.current) return;
      setData(value);
      setError(null);
    } catch (caught) {
      if (mine !== generation.current) return;
      setError(errorMessage(caught));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [loadNow]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, error, loading, reload };
}
