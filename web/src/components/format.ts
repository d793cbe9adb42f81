export const PERMISSION_LABELS: Record<string, string> = {
  "engine:access": "Use every engine (engine:access)",
  "org:manage_team": "Manage team, engines and all keys (org:manage_team)",
};
