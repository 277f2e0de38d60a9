import { DOWNLOAD_STAGGER_MS, type DocumentFileView } from '@siteflow/core';

/** The file's address as an attachment download. */
export function downloadUrl(file: Pick<DocumentFileView, 'url'>): string {
  return `${file.url}${file.url.includes('?') ? '&' : '?'}download=1`;
}

/** Start one download through a temporary <a download> click. */
export function startDownload(file: Pick<DocumentFileView, 'url' | 'name'>) {
  const link = document.createElement('a');
  link.href = downloadUrl(file);
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * Several downloads start one after another, DOWNLOAD_STAGGER_MS (250 ms) between starts, so the
 * browser does not drop them. Returns a function that cancels the ones not started yet.
 */
export function downloadAll(files: Pick<DocumentFileView, 'url' | 'name'>[], start = startDownload): () => void {
  const timers = files.map((file, index) => setTimeout(() => start(file), index * DOWNLOAD_STAGGER_MS));
  return () => timers.forEach(clearTimeout);
}
