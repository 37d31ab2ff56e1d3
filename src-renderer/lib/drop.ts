/**
 * What the operator dropped, as files the upload queue can take. Electron gives every dropped
 * item (folders included) a real path, so the items go as they are and main walks folders.
 * A browser page never learns paths: dropped folders are walked here (FileSystemEntry API)
 * and every file is handed to the browser host to copy.
 */
import { desk } from './bridge';

/** True when a drag carries files (not text or a link dragged inside the app). */
export function dragHasFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Reads a drop. Must be called inside the `drop` handler: a DataTransfer's items are only
 * readable during the event; the folder walk that follows is asynchronous.
 * @returns the files to queue, hidden files (".name") left out of walked folders.
 */
export function readDrop(event: DragEvent): Promise<File[]> {
  const transfer = event.dataTransfer;
  if (!transfer) return Promise.resolve([]);
  if (desk.host === 'electron') return Promise.resolve([...transfer.files]);
  const entries = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => ({ entry: item.webkitGetAsEntry(), file: item.getAsFile() }));
  return (async () => {
    const files: File[] = [];
    for (const { entry, file } of entries) {
      if (entry?.isDirectory) await walk(entry as FileSystemDirectoryEntry, files);
      else if (file) files.push(file);
    }
    return files;
  })();
}

async function walk(dir: FileSystemDirectoryEntry, into: File[]): Promise<void> {
  const reader = dir.createReader();
  for (;;) {
    // readEntries answers at most ~100 entries per call; an empty batch means done.
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return;
    for (const entry of batch) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory) await walk(entry as FileSystemDirectoryEntry, into);
      else
        into.push(
          await new Promise<File>((resolve, reject) =>
            (entry as FileSystemFileEntry).file(resolve, reject),
          ),
        );
    }
  }
}
