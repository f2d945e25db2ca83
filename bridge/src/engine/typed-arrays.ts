/** Typed-array helpers: the indexes keep numbers in typed arrays, which hold 100,000 pages in a few bytes each. */

type NumericArray = Int32Array | Uint8Array | Uint16Array | Float32Array | Float64Array;

/** Returns `array` when it holds `length` items, else a copy with room for at least that many (×1.5 growth). */
export function ensureLength<T extends NumericArray>(array: T, length: number): T {
  if (array.length >= length) return array;
  const grown = new (array.constructor as new (size: number) => T)(Math.max(length, Math.ceil(array.length * 1.5), 16));
  grown.set(array);
  return grown;
}

/** Bytes of a typed array, for storing it as a BLOB without a copy. */
export function toBytes(array: ArrayBufferView): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** An Int32Array over a BLOB: a view when the bytes are aligned (the usual case), else an aligned copy. */
export function int32FromBytes(bytes: Uint8Array): Int32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : copyOf(bytes);
  return new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
}

export function uint16FromBytes(bytes: Uint8Array): Uint16Array {
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : copyOf(bytes);
  return new Uint16Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 1);
}

function copyOf(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}
