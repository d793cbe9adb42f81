/** Where the server reads the time for key expiry and rolls; tests inject their own. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
