/** CSV text (RFC 4180, with a BOM so spreadsheet programs read UTF-8) and its download. */
const quote = (v: string) => /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;

/** Cells starting with = + - @ are prefixed with ' so spreadsheets do not run them. */
const defuse = (v: string) => /^[=+\-@\t\r]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v;

export const toCsv = (header: string[], rows: string[][]) =>
  "\ufeff" + [header, ...rows].map((r) => r.map((v) => quote(defuse(v))).join(",")).join("\r\n") +
  "\r\n";

export function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.dataset.native = "";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
