/**
 * The zone of the upstream's zone-less timestamps, from the portal's configuration
 * (`TRANSACT_TIME_ZONE`). Its own module: the sign-in page sets it, and importing the formatters
 * (with their decimal arithmetic) there would weigh on the first page.
 */
let zone = 'UTC';

/** Set once the portal's configuration is known. */
export function setPlatformTimeZone(next: string) {
  zone = next;
}

export const platformTimeZone = () => zone;
