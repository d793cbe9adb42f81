/**
 * The wall time one request spent waiting for translation engines: from the moment a provider
 * call started while none was running to the moment the last running one ended, so chunks sent
 * in parallel count once. The request log compares only the rest with GLOSSA_SLOW_REQUEST_MS.
 */
export class EngineWait {
  private running = 0;
  private since = 0;
  private waited = 0;

  /** Marks a provider call as started; the returned function marks it ended (calling it again does nothing). */
  begin(): () => void {
    if (this.running++ === 0) this.since = performance.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.running === 0) this.waited += performance.now() - this.since;
    };
  }

  /** Milliseconds waited so far, a call still running included. */
  get ms(): number {
    return this.waited + (this.running > 0 ? performance.now() - this.since : 0);
  }
}
