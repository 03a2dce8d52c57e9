import {
  type AppendResult,
  type Commit,
  compareLobby,
  type LobbyEntry,
  type LobbyPage,
  type LobbyPosition,
  type MetaAndAfter,
  type TableMeta,
  type TableStore,
} from '../../ports/table-store.js';

const copy = <T>(value: T): T => structuredClone(value);

/** An in-memory TableStore with the same semantics as the DynamoDB adapter (for tests and tools). */
export class MemoryTableStore implements TableStore {
  private readonly metas = new Map<string, TableMeta>();
  private readonly commits = new Map<string, Commit[]>();
  private readonly lobby = new Map<string, LobbyEntry>();
  /** Deal analyses by `tableId:deal:version`. */
  private readonly analyses = new Map<string, string>();
  /** Per API key hash the tables it created. */
  private readonly creators = new Map<string, Set<string>>();
  /** Per table the fence in the slot after its head, if any (the DynamoDB adapter's fence item). */
  private readonly fences = new Map<string, { readonly seq: number; readonly epoch: number }>();

  async createMeta(meta: TableMeta): Promise<boolean> {
    if (this.metas.has(meta.tableId)) return false;
    this.metas.set(meta.tableId, copy(meta));
    return true;
  }

  async getMeta(tableId: string): Promise<TableMeta | undefined> {
    const meta = this.metas.get(tableId);
    return meta === undefined ? undefined : copy(meta);
  }

  async updateMeta(meta: TableMeta): Promise<boolean> {
    const current = this.metas.get(meta.tableId);
    if (current === undefined || current.rev !== meta.rev - 1) return false;
    this.metas.set(meta.tableId, copy(meta));
    return true;
  }

  async append(commit: Commit): Promise<AppendResult> {
    const list = this.commits.get(commit.tableId) ?? [];
    if (list.some((c) => c.seq === commit.seq)) return { ok: false, reason: 'conflict' };
    const fence = this.fences.get(commit.tableId);
    if (fence?.seq === commit.seq) {
      if (fence.epoch > (commit.listen ?? 0)) return { ok: false, reason: 'conflict' };
      this.fences.delete(commit.tableId);
    }
    list.push(copy(commit));
    list.sort((a, b) => a.seq - b.seq);
    this.commits.set(commit.tableId, list);
    return { ok: true };
  }

  async fence(tableId: string, seq: number, epoch: number): Promise<'fenced' | 'taken'> {
    if ((this.commits.get(tableId) ?? []).some((c) => c.seq === seq)) return 'taken';
    const fence = this.fences.get(tableId);
    if (fence?.seq !== seq || fence.epoch < epoch) this.fences.set(tableId, { seq, epoch });
    return 'fenced';
  }

  async noteCreator(keyHash: string, tableId: string): Promise<void> {
    const set = this.creators.get(keyHash) ?? new Set<string>();
    set.add(tableId);
    this.creators.set(keyHash, set);
  }

  async dropCreator(keyHash: string, tableId: string): Promise<void> {
    this.creators.get(keyHash)?.delete(tableId);
  }

  async tablesOfCreator(
    keyHash: string,
    limit: number,
    after?: string,
  ): Promise<{ readonly tableIds: readonly string[]; readonly next?: string }> {
    const all = [...(this.creators.get(keyHash) ?? [])].filter((id) => after === undefined || id > after).sort();
    const tableIds = all.slice(0, limit);
    const last = tableIds.at(-1);
    return all.length > limit && last !== undefined ? { tableIds, next: last } : { tableIds };
  }

  async head(tableId: string): Promise<Commit | undefined> {
    const list = this.commits.get(tableId);
    const last = list?.[list.length - 1];
    return last === undefined ? undefined : copy(last);
  }

  async commitHolding(tableId: string, seq: number): Promise<Commit | undefined> {
    const list = this.commits.get(tableId) ?? [];
    let found: Commit | undefined;
    for (const c of list) if (c.seq <= seq) found = c;
    return found === undefined ? undefined : copy(found);
  }

  async commitAt(tableId: string, seq: number): Promise<Commit | undefined> {
    const found = (this.commits.get(tableId) ?? []).find((c) => c.seq === seq);
    return found === undefined ? undefined : copy(found);
  }

  async metaAndAfter(tableId: string, fromSeq: number, limit: number): Promise<MetaAndAfter> {
    const newer = (this.commits.get(tableId) ?? []).filter((c) => c.seq >= fromSeq);
    const complete = newer.length <= limit;
    const meta = complete ? await this.getMeta(tableId) : undefined;
    return { meta, commits: newer.slice(0, limit).map(copy), complete };
  }

  async range(tableId: string, fromSeq: number, toSeq: number, limit = 1000): Promise<readonly Commit[]> {
    const list = this.commits.get(tableId) ?? [];
    return list
      .filter((c) => c.seq >= fromSeq && c.seq <= toSeq)
      .slice(0, limit)
      .map(copy);
  }

  async getAnalysis(tableId: string, deal: number, version: string): Promise<string | undefined> {
    return this.analyses.get(`${tableId}:${deal}:${version}`);
  }

  async putAnalysis(tableId: string, deal: number, version: string, json: string): Promise<void> {
    this.analyses.set(`${tableId}:${deal}:${version}`, json);
  }

  async putLobby(entry: LobbyEntry): Promise<void> {
    this.lobby.set(entry.tableId, copy(entry));
  }

  async deleteLobby(tableId: string): Promise<void> {
    this.lobby.delete(tableId);
  }

  async listLobby(limit: number, after?: LobbyPosition): Promise<LobbyPage> {
    const sorted = [...this.lobby.values()]
      .filter((e) => after === undefined || compareLobby(e, after) > 0)
      .sort(compareLobby);
    const entries = sorted.slice(0, limit).map(copy);
    const last = entries.at(-1);
    return sorted.length > limit && last !== undefined
      ? { entries, next: { createdAt: last.createdAt, tableId: last.tableId } }
      : { entries };
  }
}
