import { useCallback, useEffect, useState } from "react";

const NAVIGATE_EVENT = "glossa:navigate";

/** Client-side navigation with the History API (the server answers index.html for app paths). */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (path === window.location.pathname + window.location.search) return;
  if (options.replace) window.history.replaceState(null, "", path);
  else window.history.pushState(null, "", path);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

export function useLocationPath(): string {
  const [path, setPath] = useState(window.location.pathname);
  const update = useCallback(() => setPath(window.location.pathname), []);
  useEffect(() => {
    window.addEventListener("popstate", update);
    window.addEventListener(NAVIGATE_EVENT, update);
    return () => {
      window.removeEventListener("popstate", update);
      window.removeEventListener(NAVIGATE_EVENT, update);
    };
  }, [update]);
  return path;
}
