import type { Probes } from "../../tenant.ts";

export const probes: Probes = {
  fileGet: (t) => ({ query: { name: t.file.name } }),
  // The second and last chunk of the upload the tenant's user began.
  fileUpload: (t) => ({
    query: { uploadId: t.upload.uploadId, index: 1, chunks: 2, name: t.upload.name },
    body: new TextEncoder().encode("second half"),
    contentType: "application/octet-stream",
  }),
};
