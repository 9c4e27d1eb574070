/**
 * The chunked upload's limits and their messages, zod-free: the upload kit (islands/kit/form/FileUpload.tsx)
 * reads them on a page's first load, where the zod schemas must not come along.
 */
/** Each chunk is at most 256 KB (the last one may be shorter). */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;
/** A whole upload is at most 10 MB, so at most 40 chunks. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_CHUNKS = Math.ceil(UPLOAD_MAX_BYTES / UPLOAD_CHUNK_BYTES);
export const UPLOAD_NAME_MAX = 200;
export const UPLOAD_TOO_LARGE = `File too large: at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;
export const CHUNK_TOO_LARGE = `Chunk too large: at most ${UPLOAD_CHUNK_BYTES / 1024} KB`;
