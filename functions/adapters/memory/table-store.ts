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
import { STORAGE_SCHEMA, type StorageSchema, upcastEvents, upcastSnapshot } from '../schema.js';

const copy = <T>(value: T): T => structuredClone(value);

/** A commit as kept: its events and snapshot in the shapes of the schema versions it was written at. */
interface StoredCommit {
  readonly commit: Commit;
  /** The events' schema version (functions/adapters/schema.ts); undefined: written before versions existed. */
  readonly v?: number;
  readonly sv?: number;
}

/** What the store holds; {@link MemoryTableStore.reopen} reads the same data with another schema. */
interface MemoryData {
  readonly metas: Map<string, TableMeta>;
  readonly commits: Map<string, StoredCommit[]>;
  readonly lobby: Map<string, LobbyEntry>;
  /** Per API key hash the tables it created. */
  readonly creators: Map<string, Set<string>>;
  /** Per table the fence in the slot after its head, if any (the DynamoDB adapter's fence item). */
  readonly fences: Map<string, { readonly seq: number; readonly epoch: number }>;
}

/** An in-memory TableStore with the same semantics as the DynamoDB adapter (for tests and tools). */
export class MemoryTableStore implements TableStore {
  private readonly metas: Map<string, TableMeta>;
  private readonly commits: Map<string, StoredCommit[]>;
  private readonly lobby: Map<string, LobbyEntry>;
  private readonly creators: Map<string, Set<string>>;
  private readonly fences: Map<string, { readonly seq: number; readonly epoch: number }>;
  /** Deal analyses by `tableId:deal:version` (derived data, not part of the stored stream). */
  private readonly analyses = new Map<string, string>();

  constructor(
    /** The stored shapes' versions and upcasters (functions/adapters/schema.ts). */
    private readonly schema: StorageSchema = STORAGE_SCHEMA,
    private readonly data: MemoryData = {
      metas: new Map(),
      commits: new Map(),
      lobby: new Map(),
      creators: new Map(),
      fences: new Map(),
    },
  ) {
    ({
      metas: this.metas,
      commits: this.commits,
      lobby: this.lobby,
      creators: this.creators,
      fences: this.fences,
    } = data);
  }

  /** The same stored data read and written by code of another schema (what a deploy does to a live store). */
  reopen(schema: StorageSchema): MemoryTableStore {
    return new MemoryTableStore(schema, this.data);
  }

  /** A stored commit in today's shapes (upcast from the versions it was written at), as a fresh copy. */
  private read(stored: StoredCommit): Commit {
    const c = copy(stored.commit);
    return {
      ...c,
      events: upcastEvents(this.schema, stored.v, c.events),
      ...(c.snapshot !== undefined ? { snapshot: upcastSnapshot(this.schema, stored.sv, c.snapshot) } : {}),
    };
  }

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
    if (list.some((c) => c.commit.seq === commit.seq)) return { ok: false, reason: 'conflict' };
    const fence = this.fences.get(commit.tableId);
    if (fence?.seq === commit.seq) {
      if (fence.epoch > (commit.listen ?? 0)) return { ok: false, reason: 'conflict' };
      this.fences.delete(commit.tableId);
    }
    list.push({
      commit: copy(commit),
      v: this.schema.events.version,
      ...(commit.snapshot !== undefined ? { sv: this.schema.snapshot.version } : {}),
    });
    list.sort((a, b) => a.commit.seq - b.commit.seq);
    this.commits.set(commit.tableId, list);
    return { ok: true };
  }

  async fence(tableId: string, seq: number, epoch: number): Promise<'fenced' | 'taken'> {
    if ((this.commits.get(tableId) ?? []).some((c) => c.commit.seq === seq)) return 'taken';
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
    return last === undefined ? undefined : this.read(last);
  }

  async commitHolding(tableId: string, seq: number): Promise<Commit | undefined> {
    const list = this.commits.get(tableId) ?? [];
    let found: StoredCommit | undefined;
    for (const c of list) if (c.commit.seq <= seq) found = c;
    return found === undefined ? undefined : this.read(found);
  }

  async commitAt(tableId: string, seq: number): Promise<Commit | undefined> {
    const found = (this.commits.get(tableId) ?? []).find((c) => c.commit.seq === seq);
    return found === undefined ? undefined : this.read(found);
  }

  async metaAndAfter(tableId: string, fromSeq: number, limit: number): Promise<MetaAndAfter> {
    const newer = (this.commits.get(tableId) ?? []).filter((c) => c.commit.seq >= fromSeq);
    const complete = newer.length <= limit;
    const meta = complete ? await this.getMeta(tableId) : undefined;
    return { meta, commits: newer.slice(0, limit).map((c) => this.read(c)), complete };
  }

  async range(tableId: string, fromSeq: number, toSeq: number, limit = 1000): Promise<readonly Commit[]> {
    const list = this.commits.get(tableId) ?? [];
    return list
      .filter((c) => c.commit.seq >= fromSeq && c.commit.seq <= toSeq)
      .slice(0, limit)
      .map((c) => this.read(c));
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
