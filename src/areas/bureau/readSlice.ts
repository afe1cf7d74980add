// Reading a slice of the chosen file as bytes, with the spec's file reader errors (section 8).

export const fileReaderErrors = {
  noTarget: 'File reader target is null',
  notArrayBuffer: 'Array buffer is not an instance of ArrayBuffer',
} as const;

export function readSlice(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = (event) => {
      const target = event.target;
      if (!target) return reject(new Error(fileReaderErrors.noTarget));
      if (!(target.result instanceof ArrayBuffer)) return reject(new Error(fileReaderErrors.notArrayBuffer));
      resolve(new Uint8Array(target.result));
    };
    reader.onerror = () => reject(reader.error ?? new Error(fileReaderErrors.noTarget));
    reader.readAsArrayBuffer(blob);
  });
}
