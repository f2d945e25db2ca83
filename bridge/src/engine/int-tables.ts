/**
 * Sets and maps of non-negative integers (page and trie node numbers) in typed arrays, open addressing with linear
 * probing. A text scan asks them about a thousand times per page: a JS Map or Set of numbers hashes and probes
 * through generic code and grows by copying, where these hash with one multiplication and store no object.
 */

/** Slots for `items` entries: a power of two, at most half full. */
function slotsFor(items: number): number {
  return 2 ** Math.max(4, Math.ceil(Math.log2(Math.max(1, items) * 2)));
}

/** The slot of `key` in a table of 2^(32 - shift) slots: the top bits of a multiplicative hash. */
function slotOf(key: number, shift: number): number {
  return Math.imul(key, 0x9e3779b1) >>> shift;
}

function shiftOf(slots: number): number {
  return 32 - Math.log2(slots);
}

/** Non-negative integers in the order first added; reads as a ReadonlySet. */
export class IntSet implements ReadonlySet<number> {
  /** 1 + the key in each slot, 0 when empty. */
  private slots: Int32Array;
  private shift: number;
  private items: Int32Array;
  private count = 0;

  constructor(expected = 8) {
    this.slots = new Int32Array(slotsFor(expected));
    this.shift = shiftOf(this.slots.length);
    this.items = new Int32Array(Math.max(8, expected));
  }

  get size(): number {
    return this.count;
  }

  /** Adds `key`; false when it was there already. */
  add(key: number): boolean {
    const mask = this.slots.length - 1;
    for (let slot = slotOf(key, this.shift); ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === key + 1) return false;
      if (held !== 0) continue;
      this.slots[slot] = key + 1;
      if (this.count === this.items.length) this.items = grown(this.items, this.count * 2);
      this.items[this.count] = key;
      this.count += 1;
      if (this.count * 2 > this.slots.length) this.rehash();
      return true;
    }
  }

  has(key: number): boolean {
    const mask = this.slots.length - 1;
    for (let slot = slotOf(key, this.shift); ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === key + 1) return true;
      if (held === 0) return false;
    }
  }

  forEach(visit: (value: number, key: number, set: ReadonlySet<number>) => void): void {
    for (let i = 0; i < this.count; i += 1) visit(this.items[i]!, this.items[i]!, this);
  }

  *values(): SetIterator<number> {
    for (let i = 0; i < this.count; i += 1) yield this.items[i]!;
  }

  keys(): SetIterator<number> {
    return this.values();
  }

  *entries(): SetIterator<[number, number]> {
    for (let i = 0; i < this.count; i += 1) yield [this.items[i]!, this.items[i]!];
  }

  [Symbol.iterator](): SetIterator<number> {
    return this.values();
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.shift = shiftOf(this.slots.length);
    const mask = this.slots.length - 1;
    for (let i = 0; i < this.count; i += 1) {
      const key = this.items[i]!;
      let slot = slotOf(key, this.shift);
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = key + 1;
    }
  }
}

/** Non-negative integers to non-negative integers. */
export class IntMap {
  /** 1 + the key in each slot, 0 when empty. */
  private keys: Int32Array;
  private shift: number;
  private values: Int32Array;
  private count = 0;

  constructor(expected = 8) {
    this.keys = new Int32Array(slotsFor(expected));
    this.shift = shiftOf(this.keys.length);
    this.values = new Int32Array(this.keys.length);
  }

  /** The value set for `key`, or -1. */
  get(key: number): number {
    const mask = this.keys.length - 1;
    for (let slot = slotOf(key, this.shift); ; slot = (slot + 1) & mask) {
      const held = this.keys[slot]!;
      if (held === key + 1) return this.values[slot]!;
      if (held === 0) return -1;
    }
  }

  set(key: number, value: number): void {
    const mask = this.keys.length - 1;
    for (let slot = slotOf(key, this.shift); ; slot = (slot + 1) & mask) {
      const held = this.keys[slot]!;
      if (held === key + 1) {
        this.values[slot] = value;
        return;
      }
      if (held !== 0) continue;
      this.keys[slot] = key + 1;
      this.values[slot] = value;
      this.count += 1;
      if (this.count * 2 > this.keys.length) this.rehash();
      return;
    }
  }

  private rehash(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2);
    this.shift = shiftOf(this.keys.length);
    const mask = this.keys.length - 1;
    for (let old = 0; old < keys.length; old += 1) {
      if (keys[old] === 0) continue;
      let slot = slotOf(keys[old]! - 1, this.shift);
      while (this.keys[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = keys[old]!;
      this.values[slot] = values[old]!;
    }
  }
}

function grown(array: Int32Array, length: number): Int32Array {
  const copy = new Int32Array(length);
  copy.set(array);
  return copy;
}
