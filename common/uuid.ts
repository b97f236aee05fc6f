/**
 * A record's id as the API, the app's addresses and the labels' codes write it: 8-4-4-4-12
 * hexadecimal digits, either case. Named once for the server's schemas (schemas/ids.ts), its
 * repositories and the app's route params, without the schema library, so the app's entry can
 * test an address's id.
 */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const UUID_RE = new RegExp(UUID_PATTERN);

/** Whether `value` is a UUID in its text form. */
export const isUuid = (value: string): boolean => UUID_RE.test(value);
