/**
 * An estimate of the heap an object graph holds, for the index cache's memory budget (project-indexes.ts): typed
 * arrays by their buffers' full size (capacity, not only what is used), strings by their characters, arrays, maps,
 * sets and objects by V8's usual slot sizes on a 64-bit heap. Each object, buffer and string value is counted once. The engine's
 * indexes are mostly typed arrays, so the estimate is close (docs/bridge-extensions.md gives a measurement).
 */

const POINTER = 8;
const OBJECT_HEADER = 3 * POINTER;
const STRING_HEADER = 2 * POINTER;
/** A hash table entry of a Map (key, value, chain) with its share of the bucket array; a Set's is one slot less. */
const MAP_ENTRY = 4 * POINTER;
const SET_ENTRY = 3 * POINTER;

function stringBytes(value: string): number {
  // V8 keeps a string of Latin-1 characters one byte per character, any other two.
  // eslint-disable-next-line no-control-regex
  const width = /[^\u0000-\u00ff]/.test(value) ? 2 : 1;
  return STRING_HEADER + Math.ceil((value.length * width) / POINTER) * POINTER;
}

export function estimateHeapBytes(root: unknown): number {
  const seen = new Set<object>();
  // A string held twice (a URL in a list and as a map key) is one string in V8 when it is the same value.
  const seenStrings = new Set<string>();
  const stack: unknown[] = [root];
  let total = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!seenStrings.has(value)) {
        seenStrings.add(value);
        total += stringBytes(value);
      }
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      total += OBJECT_HEADER + POINTER;
      if (!seen.has(value.buffer)) {
        seen.add(value.buffer);
        total += value.buffer.byteLength;
      }
      continue;
    }
    if (value instanceof ArrayBuffer) {
      total += value.byteLength;
      continue;
    }
    if (Array.isArray(value)) {
      total += OBJECT_HEADER + value.length * POINTER;
      for (const item of value) if (typeof item === 'string' || (typeof item === 'object' && item !== null)) stack.push(item);
      continue;
    }
    if (value instanceof Map) {
      total += OBJECT_HEADER + value.size * MAP_ENTRY;
      for (const [key, item] of value) stack.push(key, item);
      continue;
    }
    if (value instanceof Set) {
      total += OBJECT_HEADER + value.size * SET_ENTRY;
      for (const item of value) stack.push(item);
      continue;
    }
    const keys = Object.keys(value);
    total += OBJECT_HEADER + keys.length * POINTER;
    for (const key of keys) stack.push((value as Record<string, unknown>)[key]);
  }
  return total;
}
