/**
 * Saves a blob as a file through the browser's download (a temporary link clicked once). The
 * object URL is released a second later, once the download has taken it.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}

/** What the generated client answers for a call made with `parseAs: 'blob'`. */
export interface FileAnswer {
  data?: unknown;
  error?: unknown;
  response?: Response | undefined;
}

/**
 * Hands a file the client fetched (the API needs the bearer token, so the browser cannot follow a
 * plain link) to the browser as a download, under the name the server gave it in
 * Content-Disposition or else `fallbackName`; resolves to that name. Throws `failure(error)` when
 * the call failed or brought no file.
 */
export function saveFileAnswer(
  { data, error, response }: FileAnswer,
  fallbackName: string,
  failure: (error: unknown) => Error,
): string {
  if (error !== undefined || !(data instanceof Blob)) throw failure(error);
  const disposition = response?.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  downloadBlob(data, fileName);
  return fileName;
}
