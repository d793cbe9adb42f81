/**
 * The settings stored credentials are bound to: where they are sent (`baseUrl`, DeepL's `plan`,
 * which picks the host) and how (`authHeader`). Whoever changes one of these could send the
 * credentials someone else stored to a host of their choosing, so the change drops the stored
 * credentials unless new ones come with it (issue 13, item 4).
 */
export const CREDENTIAL_BOUND_SETTINGS = ["baseUrl", "authHeader", "plan"] as const;

export function credentialBindingChanged(
  current: { provider: string; config: Record<string, unknown> },
  next: { provider: string; config: Record<string, unknown> },
): boolean {
  if (current.provider !== next.provider) return true;
  return CREDENTIAL_BOUND_SETTINGS.some((setting) => current.config[setting] !== next.config[setting]);
}
