/**
 * Stored engine configurations carry the version of their format. When a release changes the
 * format, it raises `ENGINE_CONFIG_VERSION` and adds the step from the previous version, so
 * that configurations stored by older releases are read as current ones; every write stores
 * the current version.
 */
export const ENGINE_CONFIG_VERSION = 1;

type Config = Record<string, unknown>;

/** `steps[v]` turns a version-v configuration into a version v+1 one. */
export type UpgradeSteps = Readonly<Record<number, (config: Config) => Config>>;

/** None yet: version 1 is the first format. */
const ENGINE_CONFIG_UPGRADES: UpgradeSteps = {};

/** Applies the steps from `version` up to `current`; a version without a way up (or from a newer release) is refused. */
export function upgradeConfig(steps: UpgradeSteps, current: number, version: number, config: Config): Config {
  if (version > current)
    throw new Error(`engine config version ${version} is newer than this server's (${current}); upgrade the server`);
  let upgraded = config;
  for (let from = version; from < current; from++) {
    const step = steps[from];
    if (!step) throw new Error(`no upgrade from engine config version ${from}`);
    upgraded = step(upgraded);
  }
  return upgraded;
}

/** A stored configuration of any known version, as the current version. */
export function upgradeEngineConfig(version: number, config: Config): Config {
  return upgradeConfig(ENGINE_CONFIG_UPGRADES, ENGINE_CONFIG_VERSION, version, config);
}
