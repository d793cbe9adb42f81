const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** Methods that change nothing on this server (RFC 9110 §9.2.1): no CSRF check, no coherence wait. */
export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);
