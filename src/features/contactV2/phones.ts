/** Tap-to-call and tap-to-text addresses of a phone number as people write it (spaces, dots, dashes dropped). */
export const dialable = (number: string): string => number.replace(/[^\d+]/g, '');
export const phoneHref = (number: string): string => `tel:${dialable(number)}`;
export const smsHref = (number: string): string => `sms:${dialable(number)}`;
