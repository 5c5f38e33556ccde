/**
 * Saves `blob` as the file `fileName`, as the browser downloads: through a link in the page
 * (some browsers ignore a click on a detached one), its address released once the download
 * has had time to start.
 */
export const saveFile = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
