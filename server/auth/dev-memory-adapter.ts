type Payload = Record<string, unknown>;

interface Entry {
  readonly payload: Payload;
  readonly expiresAt: number;
}

/** An in-memory oidc-provider adapter for the development identity provider; lost on restart by design. */
export function devMemoryAdapter() {
  const store = new Map<string, Entry>();

  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of store) if (entry.expiresAt <= now) store.delete(key);
  };

  return class DevMemoryAdapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    private findWhere(matches: (payload: Payload) => boolean) {
      sweep();
      for (const [key, entry] of store) if (key.startsWith(`${this.model}:`) && matches(entry.payload)) return entry.payload;
      return undefined;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      sweep();
      store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    }

    async find(id: string) {
      sweep();
      return store.get(this.key(id))?.payload;
    }

    async findByUid(uid: string) {
      return this.findWhere((payload) => payload.uid === uid);
    }

    async findByUserCode(userCode: string) {
      return this.findWhere((payload) => payload.userCode === userCode);
    }

    async consume(id: string) {
      const entry = store.get(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      store.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}
