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
    const wanted = message?.switches ?? {};
    for (const name of Object.keys(wanted)) if (!(name in switches)) throw new Error(`not a bench switch: ${name}`);
    if (wanted.bypassKeyAuthForOrganizationId && !isOrganizationId(wanted.bypassKeyAuthForOrganizationId))
      throw new Error(`not an organization id: ${wanted.bypassKeyAuthForOrganizationId}`);
    for (const name of Object.keys(switches)) switches[name] = wanted[name];
    channel.send({ switched: true, inForce: switches });
  });
}
