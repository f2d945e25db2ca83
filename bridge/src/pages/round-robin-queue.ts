/**
 * A queue per owner, served in turn: each `shift()` takes the next item of the owner after the one served last, so
 * an owner with thousands of items waiting delays another's first item by at most one item per owner ahead of it.
 */
export class RoundRobinQueue<T> {
  /** Owners with items waiting, in the order they are served next (a Map keeps insertion order). */
  private readonly queues = new Map<string, T[]>();

  get isEmpty(): boolean {
    return this.queues.size === 0;
  }

  /** The owner whose item `shift()` takes next (undefined when empty). */
  get nextOwner(): string | undefined {
    return this.queues.keys().next().value;
  }

  /** Adds an item behind the owner's others; a new owner is served after those already waiting. */
  push(owner: string, item: T): void {
    const queue = this.queues.get(owner);
    if (queue === undefined) this.queues.set(owner, [item]);
    else queue.push(item);
  }

  /** Puts an item ahead of everything (work that was interrupted): its owner is served next. */
  pushFirst(owner: string, item: T): void {
    const queue = this.queues.get(owner) ?? [];
    queue.unshift(item);
    this.queues.delete(owner);
    const others = [...this.queues];
    this.queues.clear();
    this.queues.set(owner, queue);
    for (const [other, items] of others) this.queues.set(other, items);
  }

  /** The next owner's first item; that owner then goes to the back of the turn. */
  shift(): T | undefined {
    const next = this.queues.entries().next();
    if (next.done === true) return undefined;
    const [owner, queue] = next.value;
    const item = queue.shift();
    this.queues.delete(owner);
    if (queue.length > 0) this.queues.set(owner, queue);
    return item;
  }

  /** Removes and returns every item. */
  drain(): T[] {
    const items = [...this.queues.values()].flat();
    this.queues.clear();
    return items;
  }
}
