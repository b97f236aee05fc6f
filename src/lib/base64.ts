/** Base64 of UTF-8 text, and the base64url variant JWTs use. Pure, no storage. */

export function encodeBase64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Throws on input that is not base64. */
export function decodeBase64Utf8(encoded: string): string {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function decodeBase64UrlUtf8(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  return decodeBase64Utf8(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
}
