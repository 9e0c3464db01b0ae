/** Hands a CSV string to the browser as a file download (the BOM is already in the text). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has started the download; the URL can go once the browser has read it
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
