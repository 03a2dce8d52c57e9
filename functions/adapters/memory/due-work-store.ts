import type { DueWork, DueWorkStore } from '../../ports/due-work.js';

/** An in-memory DueWorkStore with the DynamoDB adapter's semantics (tests). */
export class MemoryDueWorkStore implements DueWorkStore {
  private readonly items = new Map<string, DueWork>();

  async put(work: DueWork): Promise<boolean> {
    const id = `${work.kind}#${work.key}`;
    const current = this.items.get(id);
    if (
      work.pinnedVersion !== undefined &&
      current?.pinnedVersion !== undefined &&
      current.pinnedVersion > work.pinnedVersion
    )
      return false;
    this.items.set(id, structuredClone(work));
    return true;
  }

  async remove(work: DueWork): Promise<void> {
    const id = `${work.kind}#${work.key}`;
    const current = this.items.get(id);
    if (current !== undefined && current.at === work.at && current.pinnedVersion === work.pinnedVersion)
      this.items.delete(id);
  }

  async get(kind: string, key: string): Promise<DueWork | undefined> {
    const w = this.items.get(`${kind}#${key}`);
    return w === undefined ? undefined : structuredClone(w);
  }

  async list(): Promise<readonly DueWork[]> {
    return [...this.items.values()].map((w) => structuredClone(w));
  }

  async retime(work: DueWork, next: DueWork): Promise<boolean> {
    const id = `${work.kind}#${work.key}`;
    const current = this.items.get(id);
    if (current === undefined || current.at !== work.at || current.pinnedVersion !== work.pinnedVersion) return false;
    this.items.set(id, structuredClone(next));
    return true;
  }

  /** No buckets here: every item due by `until`. */
  async due(_from: number, until: number): Promise<readonly DueWork[]> {
    return (await this.list()).filter((w) => w.at <= until);
  }

  async migrate(): Promise<number> {
    return 0;
  }

  private swept: number | undefined;

  async sweptUntil(): Promise<number | undefined> {
    return this.swept;
  }

  async setSweptUntil(at: number): Promise<void> {
    this.swept = at;
  }
}
