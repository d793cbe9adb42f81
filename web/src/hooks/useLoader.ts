import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../api/http";

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

interface LoadState<T> {
  /** The `deps` (serialised) the data was loaded for. */
  key: string | null;
  data: T | undefined;
  error: string | null;
  reloading: boolean;
}

/** Loads data when `deps` change; `reload()` fetches again. Stale answers are dropped. */
export function useLoader<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const key = JSON.stringify(deps);
  const [state, setState] = useState<LoadState<T>>({ key: null, data: undefined, error: null, reloading: false });
  const generation = useRef(0);
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  const fetchFor = useCallback(async (forKey: string): Promise<void> => {
    const mine = ++generation.current;
    try {
      const data = await latestLoad.current();
      if (mine === generation.current) setState({ key: forKey, data, error: null, reloading: false });
    } catch (caught) {
      if (mine === generation.current) {
        setState((previous) => ({ ...previous, key: forKey, error: errorMessage(caught), reloading: false }));
      }
    }
  }, []);

  useEffect(() => {
    void fetchFor(key);
  }, [fetchFor, key]);

  const reload = useCallback(async () => {
    setState((previous) => ({ ...previous, reloading: true }));
    await fetchFor(key);
  }, [fetchFor, key]);

  return { data: state.data, error: state.error, loading: state.reloading || state.key !== key, reload };
}
