import Hashids from 'hashids';

/**
 * Comment ids on the wire are opaque strings (Hashids, at least 16 characters, salted with the
 * JWT secret — the scheme MeEdu uses, so a migrated MeEdu site keeps its ids). Zero is encoded
 * too: a top-level comment's `parent_id` is the encoding of 0.
 */
export class CommentIds {
  private readonly hashids: Hashids;

  constructor(salt: string) {
    this.hashids = new Hashids(salt, 16);
  }

  encode(id: number): string {
    return this.hashids.encode(id);
  }

  /** The id, 0 for an empty value, or null when the text is not one of ours. */
  decode(text: string): number | null {
    if (text === '') return 0;
    if (!/^[A-Za-z0-9]{16,64}$/.test(text)) return null;
    try {
      const [id] = this.hashids.decode(text);
      return typeof id === 'number' && this.encode(id) === text ? id : null;
    } catch {
      return null;
    }
  }
}
