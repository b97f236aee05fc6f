/**
 * What the outsider's page of an upload-only link needs of the data-sharing area's contract
 * (src/features/dsa/components/DropPage.tsx, in the public pages' light entry): plain constants
 * and a check, without the TypeBox schemas of ./schemas.ts, which re-exports them.
 */
/** Bytes the outsider's page sends in one tus PATCH (a cut keeps what arrived; the next PATCH goes on from the server's offset). */
export const DSA_CHUNK_BYTES = 8 * 1024 * 1024;
/** The public routes' prefix, under /api. */
export const DSA_PUBLIC_PREFIX = '/shared/dsa';
/** The file types a manager may allow, by group: media types and extensions (a file without a type is judged by its extension). */
export const DSA_FILE_TYPES = {
  pdf: { types: ['application/pdf'], extensions: ['pdf'] },
  images: { types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/tiff'], extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'heic', 'tif', 'tiff'] },
  office: {
    types: [
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/vnd.oasis.opendocument.presentation',
      'text/csv',
      'text/plain',
    ],
    extensions: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'csv', 'txt'],
  },
  zip: { types: ['application/zip', 'application/x-zip-compressed'], extensions: ['zip'] },
  cad: { types: ['image/vnd.dwg', 'application/acad', 'image/vnd.dxf', 'application/dxf'], extensions: ['dwg', 'dxf'] },
} as const satisfies Record<DsaFileGroup, { types: readonly string[]; extensions: readonly string[] }>;
export type DsaFileGroup = 'pdf' | 'images' | 'office' | 'zip' | 'cad';
export const DSA_FILE_GROUPS: readonly DsaFileGroup[] = ['pdf', 'images', 'office', 'zip', 'cad'];

/** Whether a file (its declared type, its name) is of one of the groups. */
export function dsaAccepts(groups: readonly string[], type: string, name: string): boolean {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return groups.some((g) => {
    const group = DSA_FILE_TYPES[g as DsaFileGroup];
    if (!group) return false;
    return (group.types as readonly string[]).includes(type.toLowerCase()) || (extension !== '' && (group.extensions as readonly string[]).includes(extension));
  });
}
