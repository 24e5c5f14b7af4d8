// "Verify this deal" (SPEC §16): recompute a finished deal's hands in the browser from the seed
// its hand record reveals, with the procedure of docs/API.md "Verifiable dealing" (the server's is
// functions/bridge/deal_seed.py; scripts/verify-deals is the same check on the command line).
// WebCrypto does the SHA-256 and the HMAC; nothing is sent anywhere.

import type { DealRecord } from "./types";

const PROCEDURE = "bridge-deal-1";
const WORDS = 2 ** 32;
const SUITS = ["C", "D", "H", "S"];
const RANKS = "23456789TJQKA";
/** The deck in its fixed order: 2C 3C … AC, 2D … AD, 2H … AH, 2S … AS. */
const DECK = SUITS.flatMap((suit) => [...RANKS].map((rank) => rank + suit));
const order = (card: string) => DECK.indexOf(card);

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (text: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(text.match(/../g)?.map((b) => parseInt(b, 16)) ?? []);

/** The bytes of one deck's HMAC-SHA256 stream, read 4 at a time. */
class Stream {
  private block = 0;
  private buffer = new Uint8Array(0);
  constructor(
    private readonly key: CryptoKey,
    private readonly prefix: unknown[],
    private readonly entropy: string[],
  ) {}

  private async word(): Promise<number> {
    if (this.buffer.length < 4) {
      const message = new TextEncoder().encode(JSON.stringify([...this.prefix, this.block, this.entropy]));
      const digest = new Uint8Array(await crypto.subtle.sign("HMAC", this.key, message));
      const joined = new Uint8Array(this.buffer.length + digest.length);
      joined.set(this.buffer);
      joined.set(digest, this.buffer.length);
      this.buffer = joined;
      this.block += 1;
    }
    const [a, b, c, d] = this.buffer;
    this.buffer = this.buffer.slice(4);
    return ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
  }

  /** A number in 0..n-1, each equally likely. */
  async below(n: number): Promise<number> {
    const limit = WORDS - (WORDS % n);
    let word = await this.word();
    while (word >= limit) word = await this.word();
    return word % n;
  }
}

/** The `deck`-th deck of deal `number`, dealt in `hands` hands of 13, each sorted. */
export async function dealtHands(
  seed: Uint8Array<ArrayBuffer>,
  entropy: string[],
  number: number,
  deck: number,
  hands: number,
): Promise<string[][]> {
  const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const stream = new Stream(key, [PROCEDURE, number, deck], entropy);
  const cards = [...DECK];
  for (let i = cards.length - 1; i > 0; i -= 1) {
    const j = await stream.below(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return Array.from({ length: hands }, (_, h) =>
    cards.slice(13 * h, 13 * h + 13).sort((x, y) => order(x) - order(y)),
  );
}

export interface Verdict {
  verified: boolean;
  reason: string;
}

/** The record's seed hashes to its commitment, and its last deck deals exactly its hands. */
export async function verifyRecord(record: DealRecord): Promise<Verdict> {
  const { dealing } = record;
  if (dealing === null) {
    return {
      verified: false,
      reason:
        record.board === null
          ? "this deal was dealt before verifiable dealing: it has no seed"
          : "a duplicate board: its event reveals one seed for every board when it ends",
    };
  }
  const seed = fromHex(dealing.seed);
  if (seed.length !== 32) return { verified: false, reason: "the seed is not 64 hex digits" };
  const digest = hex(await crypto.subtle.digest("SHA-256", seed));
  if (digest !== dealing.commitment) {
    return { verified: false, reason: "the seed's SHA-256 is not the commitment shown before the deal" };
  }
  const recorded = [...(record.firstHalf?.hands ?? []), ...record.hands].map((hand) => hand.cards);
  const dealt = await dealtHands(seed, dealing.entropy, dealing.number, dealing.decks - 1, recorded.length);
  const wrong = recorded.findIndex((cards, h) => cards.join(" ") !== dealt[h].join(" "));
  if (wrong >= 0) return { verified: false, reason: `hand ${wrong + 1} is not the one the seed deals` };
  return {
    verified: true,
    reason: `sha256(seed) is the commitment ${dealing.commitment.slice(0, 12)}…, and deck ${dealing.decks} of the seed's stream deals these hands`,
  };
}
