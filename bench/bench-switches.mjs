// The bench server's side of `switchTo` (bench/support.ts): each `{ switches }` message sets the
// whole set of BenchSwitches (src/http/deps.ts), a switch it does not name is off, and the answer
// says which switches are in force. The whole set, not a merge: the IPC channel carries JSON, which
// drops a switch set to `undefined`, so a merge would leave a switch on after the bench turned it off.

/**
 * Listens on `channel` (the process, when started with an IPC channel) and sets `switches` in place;
 * `isOrganizationId` checks the one switch that names something.
 */
export function takeSwitches(channel, switches, isOrganizationId) {
  channel.on("message", (message) => {
    if (message?.switches === undefined) return;
    const wanted = message.switches;
    for (const name of Object.keys(wanted)) if (!(name in switches)) throw new Error(`not a bench switch: ${name}`);
    if (wanted.bypassKeyAuthForOrganizationId && !isOrganizationId(wanted.bypassKeyAuthForOrganizationId))
      throw new Error(`not an organization id: ${wanted.bypassKeyAuthForOrganizationId}`);
    for (const name of Object.keys(switches)) switches[name] = wanted[name];
    channel.send({ switched: true, inForce: switches });
  });
}

/**
 * The bench server's side of `readings` (bench/support.ts): a `{ read: true }` message is answered
 * with the milliseconds its event loop has been busy since it started (`eventLoopUtilization().active`:
 * the time its one thread ran anything) and the seconds its quality reports took so far
 * (`reportSeconds()`), whose ratio the bench judges (docs/quality.md#what-the-report-costs-a-call).
 * Read in process, not by scraping `/metrics`: a scrape of a fresh server made the window after it
 * cost 20 % more.
 */
export function answerReadings(channel, reportSeconds) {
  channel.on("message", (message) => {
    if (message?.read !== true) return;
    void reportSeconds().then((seconds) =>
      channel.send({ reading: { busyMs: performance.eventLoopUtilization().active, reportSeconds: seconds } }),
    );
  });
}
