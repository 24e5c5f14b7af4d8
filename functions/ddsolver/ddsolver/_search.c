/*
 * Double-dummy search for the bridge family (see ddsolver/__init__.py for the Python API).
 *
 * How many of the remaining tricks can a side take when every hand is known, against any
 * defence? Any sides (a set of seats: opposite, adjacent, one seat against the rest), two or four
 * hands, any trump or none, a trick in progress, and the rule that trump may not be led until
 * broken (unless the leader holds nothing else).
 *
 * A card is `16 * suit + rank` (rank 0-12: the two to the ace), a hand a 64-bit set of them.
 * The search is a fail-soft null-window alpha-beta search over single cards ("can the side take
 * `beta` more tricks?", answered with a bound: at least so many, or at most so many), driven by an
 * outer loop that finds the exact count (MTD(f), in bridge.double_dummy), with exact reductions,
 * bounds and a transposition table:
 *
 * - cards of one hand adjacent in their suit among the cards still out are equivalent: one is
 *   tried; once a card failed, the other cards of its suit below every card that failure
 *   depended on are not tried either (they lead to positions that differ only in small cards);
 * - sure tricks at a trick's start: each hand's trumps above every trump of the other side; the
 *   top trumps of one hand; the leader's side's quick tricks (the top cards the leader, or a
 *   partner it can cross to, may cash without a ruff); within a trick, a side that needs one
 *   trick (or the other side all of them) and surely wins the one in progress;
 * - partition search: at each trick's start the bounds learnt are kept under a key of the
 *   leader, whether trump is broken and every seat's length in every suit (and, for entries that
 *   fix the top card of every suit still out, those cards' holders), for every position
 *   with the same holders of the top cards of each suit down to the lowest card the answer
 *   depended on (a trick won by a higher card of its suit makes that card relevant). A key's
 *   entries are kept the most general first (the fewest cards fixed), so that a lookup settles
 *   on the most general bound, which leaves the fewest cards relevant above it. The table
 *   lives as long as its `Search`: questions about other positions of the same deal, or other
 *   deals, with the same trump, sides and lead rule share it; when it is full, the entries of
 *   the positions with the fewest cards go first (`table_purge`);
 * - move ordering: the card that last settled a like situation first (a leader holding the same
 *   hand; a follower to the same suit led, cards out and winning card), then for a lead weights
 *   after DDS's (Haglund and Hein) for any sides; for a follower rules after bridge-solver's (Xue)
 *   for any sides (`follow_order`).
 *
 * Every card tried counts one node; a question stops (and answers -1) past its budget of nodes.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define RANKS 0x1FFFu
#define SUIT_OF(card) ((card) >> 4)
#define RANK_OF(card) ((card) & 15)
#define BIT(card) ((u64)1 << (card))
#define HELD(hand, suit) ((unsigned)(((hand) >> (16 * (suit))) & RANKS))
#define MAX_SEATS 4

static inline int pop(u64 x) { return __builtin_popcountll(x); }
static inline int top_bit(u64 x) { return 63 - __builtin_clzll(x); } /* x != 0 */
static inline int bit_length(unsigned x) { return x ? 32 - __builtin_clz(x) : 0; }

/* ---- one suit's layout ---------------------------------------------------------------------- */

typedef struct {
    unsigned holders; /* 2 bits a card out, the highest first: the seat holding it */
    unsigned out;     /* the suit's cards still out (13 bits) */
    int count;        /* how many */
    int top;          /* the seat holding the highest (-1: none out) */
    int run;          /* how many of the top cards that seat holds in a row */
    int len[MAX_SEATS];
} Layout;

/* Sets `top` and `run` from `holders` and `count`. */
static void layout_top(Layout *l) {
    if (!l->count) {
        l->top = -1;
        l->run = 0;
        return;
    }
    l->top = (int)(l->holders & 3);
    unsigned differ = l->holders ^ ((unsigned)l->top * 0x5555555u); /* 0 in each field the top seat holds */
    differ = (differ | differ >> 1) & 0x5555555u;
    int run = differ ? __builtin_ctz(differ) / 2 : 13;
    l->run = run < l->count ? run : l->count;
}

static void layout_suit(const u64 *hands, int seats, int suit, Layout *l) {
    unsigned fields[MAX_SEATS] = {0, 0, 0, 0};
    unsigned out = 0;
    for (int p = 0; p < seats; p++) {
        fields[p] = HELD(hands[p], suit);
        out |= fields[p];
        l->len[p] = __builtin_popcount(fields[p]);
    }
    for (int p = seats; p < MAX_SEATS; p++) l->len[p] = 0;
    l->out = out;
    l->holders = 0;
    unsigned odd = fields[1] | fields[3], high = fields[2] | fields[3]; /* the bits of each holder's seat */
    int index = 0;
    while (out) {
        int bit = bit_length(out) - 1;
        out ^= 1u << bit;
        l->holders |= ((odd >> bit & 1) | (high >> bit & 1) << 1) << (2 * index);
        index++;
    }
    l->count = index;
    layout_top(l);
}

/* The layout less the card of rank `rank` (still out). */
static void remove_card(Layout *l, int rank) {
    int index = __builtin_popcount(l->out >> (rank + 1));
    unsigned below = (1u << (2 * index)) - 1;
    l->len[l->holders >> (2 * index) & 3]--;
    l->holders = (l->holders & below) | (l->holders >> 2 & ~below);
    l->out &= ~(1u << rank);
    l->count--;
    layout_top(l);
}

/* The rank of the `n`th highest of the cards `out` (n >= 1, at most as many as there are). */
static inline int nth_out(unsigned out, int n) {
    for (int k = 1; k < n; k++) out ^= 1u << (bit_length(out) - 1);
    return bit_length(out) - 1;
}

/* One rank of each run of equivalent cards of `held` (adjacent among `out`), highest first: the
 * highest of each run, found by filling down from every card held through the cards held or no
 * longer out (a fill that stops at another seat's card). */
static int runs_of(unsigned held, unsigned out, int *ranks) {
    unsigned through = held | (~out & RANKS), below = held >> 1 & through, mask = through;
    below |= below >> 1 & mask;
    mask &= mask >> 1;
    below |= below >> 2 & mask;
    mask &= mask >> 2;
    below |= below >> 4 & mask;
    mask &= mask >> 4;
    below |= below >> 8 & mask;
    int n = 0;
    for (unsigned highest = held & ~below; highest; highest ^= 1u << ranks[n++]) ranks[n] = bit_length(highest) - 1;
    return n;
}

/* ---- the transposition table ---------------------------------------------------------------- */

typedef struct {
    u64 mask[2];    /* the top cards fixed: 2 bits a card, suits 0-1 in the first word, 2-3 in the second */
    u64 pattern[2]; /* their holders */
    uint16_t depths; /* how many top cards of each suit are fixed, 4 bits a suit */
    int8_t lower, upper;
} Entry;

typedef struct {
    u64 lengths;   /* every seat's length in every suit, 4 bits each (0: an empty slot) */
    unsigned meta; /* 1 + leader + 4 * broken, with `particular`: + 16 + 32 * the top cards holders */
    unsigned count, capacity;
    Entry *entries;
    u64 *signatures; /* by entry: the holders of the top four cards of each suit it fixes (a
                      * mask, then a pattern, 8 bits a suit), scanned before the entry itself */
} Bucket;

/* The holders of the top four cards of each suit (8 bits a suit). */
static inline unsigned signature_of(const u64 *layout) {
    return (unsigned)(layout[0] & 0xFF) | (unsigned)(layout[0] >> 32 & 0xFF) << 8 |
           (unsigned)(layout[1] & 0xFF) << 16 | (unsigned)(layout[1] >> 32 & 0xFF) << 24;
}

typedef struct {
    Bucket *slots;
    size_t size, used, entries, limit;
} Table;

static void table_free(Table *t) {
    if (t->slots) {
        for (size_t i = 0; i < t->size; i++) {
            free(t->slots[i].entries);
            free(t->slots[i].signatures);
        }
        free(t->slots);
    }
    t->slots = NULL;
    t->size = t->used = t->entries = 0;
}

static int table_init(Table *t, size_t size) {
    t->slots = calloc(size, sizeof(Bucket));
    if (!t->slots) return -1;
    t->size = size;
    t->used = t->entries = 0;
    return 0;
}

static inline size_t slot_of(u64 lengths, unsigned meta, size_t size) {
    u64 h = (lengths ^ ((u64)meta << 59) ^ (lengths >> 29)) * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 20) & (size - 1);
}

static Bucket *table_find(Table *t, u64 lengths, unsigned meta) {
    size_t i = slot_of(lengths, meta, t->size);
    for (;;) {
        Bucket *b = &t->slots[i];
        if (!b->meta) return NULL;
        if (b->meta == meta && b->lengths == lengths) return b;
        i = (i + 1) & (t->size - 1);
    }
}

static int table_grow(Table *t) {
    Table bigger;
    if (table_init(&bigger, t->size * 2) < 0) return -1;
    for (size_t i = 0; i < t->size; i++) {
        Bucket *b = &t->slots[i];
        if (!b->meta) continue;
        size_t j = slot_of(b->lengths, b->meta, bigger.size);
        while (bigger.slots[j].meta) j = (j + 1) & (bigger.size - 1);
        bigger.slots[j] = *b;
    }
    bigger.used = t->used;
    bigger.entries = t->entries;
    bigger.limit = t->limit;
    free(t->slots);
    *t = bigger;
    return 0;
}

/* The cards of a bucket's positions: the sum of its lengths. */
static inline int cards_of(u64 lengths) {
    int n = 0;
    for (; lengths; lengths >>= 4) n += (int)(lengths & 15);
    return n;
}

/* The table is full: forget the entries of the positions with the fewest cards, the cheapest to
 * search again, until at least a quarter are gone. Those nearer the root, which stand for the most
 * work, stay. (The hardest Floating Bridge record measured, its whole table with 2^21 entries
 * at most: 2.5x10^8 nodes, 1.6x10^8 with room for every entry, 2.9x10^9 when a full table was
 * forgotten whole.) */
static int table_purge(Table *t) {
    size_t by_cards[53] = {0};
    for (size_t i = 0; i < t->size; i++)
        if (t->slots[i].meta) by_cards[cards_of(t->slots[i].lengths)] += t->slots[i].count;
    size_t dropped = 0;
    int below = 0; /* the buckets of fewer cards are dropped */
    while (below <= 52 && 4 * dropped < t->entries) dropped += by_cards[below++];
    Table kept;
    if (table_init(&kept, t->size) < 0) return -1;
    for (size_t i = 0; i < t->size; i++) {
        Bucket *b = &t->slots[i];
        if (!b->meta) continue;
        if (cards_of(b->lengths) < below) {
            free(b->entries);
            free(b->signatures);
            continue;
        }
        size_t j = slot_of(b->lengths, b->meta, kept.size);
        while (kept.slots[j].meta) j = (j + 1) & (kept.size - 1);
        kept.slots[j] = *b;
        kept.used++;
        kept.entries += b->count;
    }
    kept.limit = t->limit;
    free(t->slots);
    *t = kept;
    return 0;
}

/* The bucket of a key, made if new (NULL: out of memory). */
static Bucket *table_bucket(Table *t, u64 lengths, unsigned meta) {
    if (2 * (t->used + 1) > t->size && table_grow(t) < 0) return NULL;
    size_t i = slot_of(lengths, meta, t->size);
    for (;;) {
        Bucket *b = &t->slots[i];
        if (!b->meta) {
            b->meta = meta;
            b->lengths = lengths;
            t->used++;
            return b;
        }
        if (b->meta == meta && b->lengths == lengths) return b;
        i = (i + 1) & (t->size - 1);
    }
}

/* ---- cut-off cards: the card that last settled a like situation --------------------------------- */

/* A leader's situation: its seat and whole hand. A follower's: its seat and place in the trick,
 * the suit led's cards out and its own, and the card winning the trick so far (when it cannot
 * follow: its whole hand and the winner). The card that settled the last question in that
 * situation is tried first (a hint: a clash of keys only costs order). */
typedef struct {
    uint32_t check; /* bits of the situation's hash beside those that place it */
    int card;
} Cutoff;

/* 2^bits hints, from 2^12 for a small ending to 2^20 for a whole deal of four hands (more hints
 * mean fewer nodes, but a table a question's nodes never fill costs more to clear than it saves). */
static inline int cutoff_bits(int cards) { return cards / 4 + 7 < 12 ? 12 : cards / 4 + 7 > 20 ? 20 : cards / 4 + 7; }

static inline u64 follow_key(int seat, int ply, u64 hand, u64 out, int led, int win, int winner, int trump) {
    unsigned held = HELD(hand, led);
    if (held) return (u64)HELD(out, led) | (u64)held << 13 | (u64)win << 26 | (u64)seat << 32 | (u64)ply << 34 | 1ull << 63;
    return (hand * 0x9E3779B97F4A7C15ull) ^ ((u64)(trump < 0 ? winner : win) << 52) ^ ((u64)seat << 58) ^ ((u64)ply << 60);
}

static inline u64 lead_key(int leader, u64 hand) { return (hand * 0x9E3779B97F4A7C15ull) ^ ((u64)leader << 58); }

static inline u64 hash_of(u64 key) { return key * 0xD6E8FEB86659FD93ull; }

static inline uint32_t check_of(u64 hash) { return (uint32_t)(hash >> 16); }

/* ---- the search ------------------------------------------------------------------------------ */

typedef struct {
    int seats, trump, must_break;
    int side[MAX_SEATS];
    u64 hands[MAX_SEATS];
    u64 relevant;   /* the cards the last answer depended on */
    long long nodes; /* left in this question's budget */
    int stop;        /* the budget ran out (or memory did): unwind, keep nothing */
    Table table;
    Cutoff *cutoffs; /* 2^cutoff_bits of them (none before the first question) */
    int cutoff_bits;
} Search;

static inline Cutoff *cutoff_of(const Search *s, u64 hash) { return &s->cutoffs[hash >> (64 - s->cutoff_bits)]; }

/* A trick start's key beside the lengths: 1 + the leader + 4 if trump is broken (when that matters). */
static inline unsigned meta_of(const Search *s, int leader, int broken) {
    return 1u + (unsigned)leader + (s->must_break && broken ? 4u : 0u);
}

static void layouts_of(const Search *s, Layout *layouts) {
    for (int suit = 0; suit < 4; suit++) layout_suit(s->hands, s->seats, suit, &layouts[suit]);
}

/* The relevant cards of a table entry fixing `depths` top cards of each suit: the lowest of them. */
static u64 absolute(const Layout *layouts, unsigned depths) {
    u64 relevant = 0;
    for (int suit = 0; suit < 4; suit++) {
        int depth = (int)(depths >> (4 * suit) & 15);
        if (!depth || depth > layouts[suit].count) continue;
        relevant |= BIT(16 * suit + nth_out(layouts[suit].out, depth));
    }
    return relevant;
}

/* The cards an answer depended on, extended to stay true of every position that agrees with this
 * one down to its lowest card of each suit: the moves tried in one hand stood for the equivalent
 * cards adjacent to them, so the lowest relevant card brings down with it the cards of its holder
 * that are adjacent below it among the cards out (in another position one of them could be
 * another seat's, and no longer a move already answered for). */
static u64 extended(const Search *s, const Layout *layouts, u64 relevant) {
    for (int suit = 0; suit < 4; suit++) {
        unsigned cards = HELD(relevant, suit);
        if (!cards) continue;
        int low = __builtin_ctz(cards), holder = -1;
        for (int p = 0; p < s->seats; p++)
            if (HELD(s->hands[p], suit) >> low & 1) holder = p;
        if (holder < 0) continue;
        unsigned mine = HELD(s->hands[holder], suit), below = layouts[suit].out & ((1u << low) - 1);
        while (below && (mine >> (bit_length(below) - 1) & 1)) {
            low = bit_length(below) - 1;
            below &= (1u << low) - 1;
        }
        relevant |= BIT(16 * suit + low);
    }
    return relevant;
}

/* How many top cards an entry fixes. */
static inline unsigned fixed_of(unsigned depths) {
    return (depths & 15) + (depths >> 4 & 15) + (depths >> 8 & 15) + (depths >> 12 & 15);
}

/* The key of the entries that fix the top card of every suit still out: the position's key with
 * the holders of those cards. A position looks under both keys; one key of all the entries of
 * some positions (a declarer alone against three, say) would heap up thousands to scan. */
static inline unsigned particular(unsigned meta, const Layout *layouts) {
    unsigned tops = 0;
    for (int suit = 0; suit < 4; suit++) tops |= (layouts[suit].holders & 3) << (2 * suit);
    return meta | 16u | tops << 5; /* (meta itself is below 16) */
}

/* Keep `lower`-`upper` for every position with the same cards down to the lowest relevant card
 * of each suit. */
static void store(Search *s, u64 lengths, unsigned meta, const Layout *layouts, u64 relevant, int lower, int upper) {
    Table *t = &s->table;
    if (t->entries >= t->limit && table_purge(t) < 0) { /* full: the answers stay exact */
        s->stop = 1;
        return;
    }
    u64 mask[2] = {0, 0}, pattern[2];
    unsigned depths = 0;
    for (int suit = 0; suit < 4; suit++) {
        unsigned cards = HELD(relevant, suit);
        if (!cards) continue;
        unsigned lowest = cards & -cards;
        int depth = __builtin_popcount(layouts[suit].out & ~(lowest - 1));
        if (depth > 13) depth = 13;
        mask[suit >> 1] |= (u64)((1u << (2 * depth)) - 1) << (32 * (suit & 1));
        depths |= (unsigned)depth << (4 * suit);
    }
    u64 layout[2] = {layouts[0].holders | (u64)layouts[1].holders << 32,
                     layouts[2].holders | (u64)layouts[3].holders << 32};
    pattern[0] = layout[0] & mask[0];
    pattern[1] = layout[1] & mask[1];
    int every_top = 1;
    for (int suit = 0; suit < 4; suit++)
        if (layouts[suit].count && !(depths >> (4 * suit) & 15)) every_top = 0;
    Bucket *b = table_bucket(t, lengths, every_top ? particular(meta, layouts) : meta);
    if (!b) {
        s->stop = 1;
        return;
    }
    u64 signature = (u64)signature_of(mask) << 32 | signature_of(pattern);
    for (unsigned i = 0; i < b->count; i++) {
        if (b->signatures[i] != signature) continue;
        Entry *e = &b->entries[i];
        if (e->mask[0] == mask[0] && e->mask[1] == mask[1] && e->pattern[0] == pattern[0] &&
            e->pattern[1] == pattern[1]) {
            if (lower > e->lower) e->lower = (int8_t)lower;
            if (upper < e->upper) e->upper = (int8_t)upper;
            return;
        }
    }
    if (b->count == b->capacity) {
        unsigned capacity = b->capacity ? 2 * b->capacity : 4;
        Entry *grown = realloc(b->entries, capacity * sizeof(Entry));
        if (grown) b->entries = grown;
        u64 *signatures = grown ? realloc(b->signatures, capacity * sizeof(u64)) : NULL;
        if (!signatures) {
            s->stop = 1;
            return;
        }
        b->signatures = signatures;
        b->capacity = capacity;
    }
    unsigned at = b->count, fixed = fixed_of(depths); /* after every entry fixing as few cards */
    while (at > 0 && fixed_of(b->entries[at - 1].depths) > fixed) at--;
    memmove(b->entries + at + 1, b->entries + at, (b->count - at) * sizeof(Entry));
    memmove(b->signatures + at + 1, b->signatures + at, (b->count - at) * sizeof(u64));
    b->count++;
    b->signatures[at] = signature;
    Entry *e = &b->entries[at];
    e->mask[0] = mask[0];
    e->mask[1] = mask[1];
    e->pattern[0] = pattern[0];
    e->pattern[1] = pattern[1];
    e->depths = (uint16_t)depths;
    e->lower = (int8_t)lower;
    e->upper = (int8_t)upper;
    t->entries++;
}

/* Tricks `side` surely takes with trumps, whoever leads (after bridge-solver's, Xue): the top
 * trumps it holds in a row, as many as its longest trump holding (a seat playing one card a trick,
 * the side can keep two of them from falling on one trick). `*relevant`: the lowest of them
 * (none when the side holds every trump left). */
static int trump_tricks(const Search *s, const Layout *t, int side, u64 *relevant) {
    int count = 0, longest = 0;
    while (count < t->count && s->side[t->holders >> (2 * count) & 3] == side) count++;
    for (int p = 0; p < s->seats; p++)
        if (s->side[p] == side && t->len[p] > longest) longest = t->len[p];
    int sure = count < longest ? count : longest;
    *relevant = sure && count < t->count ? BIT(16 * s->trump + nth_out(t->out, sure)) : 0;
    return sure;
}

/* At no trump, tricks the side not on lead surely takes (after bridge-solver's): when it holds the
 * top card of every suit the leader holds, the first trick whatever is led; and when one seat
 * holds them all, a trick with each. `*relevant`: those top cards. */
static int defended(const Search *s, int leader, const Layout *layouts, u64 *relevant) {
    int holder = -1, one = 1, suits = 0;
    *relevant = 0;
    for (int suit = 0; suit < 4; suit++) {
        const Layout *l = &layouts[suit];
        if (!l->len[leader]) continue;
        if (s->side[l->top] == s->side[leader]) return 0;
        if (suits++ && l->top != holder) one = 0;
        holder = l->top;
        *relevant |= BIT(16 * suit + bit_length(l->out) - 1);
    }
    return !suits ? 0 : one ? suits : 1;
}

/* Tricks `seat`'s side surely takes, `seat` on lead, cashing the top cards it holds in a row (in a
 * suit where no other seat holds more cards than that run, every card it holds there), suit
 * `first` first if not -1: with no trump in every suit; with trump, the trumps it may lead, and
 * the side suits too once no opponent has a trump left (or only as many as the top trumps draw),
 * else the trumps alone (unless `first` is a side suit) or the side suits alone, in each only as
 * many rounds as every opponent holding trump follows to. A partner holding trump must have
 * enough other cards not to ruff meanwhile. `*relevant`: in each suit cashed, the lowest of the
 * top cards that must beat another seat's (as many as another seat holds there, at most as many
 * as are cashed: the cards after them win once the other seats are out of the suit, whatever
 * their ranks). */
static int cash(const Search *s, int seat, const Layout *layouts, int broken, int first, u64 *relevant) {
    int seats = s->seats, trump = s->trump, ours = s->side[seat];
    int cashed[4] = {0, 0, 0, 0}, others[4] = {0, 0, 0, 0};
    u64 lows[4] = {0, 0, 0, 0};
    for (int suit = 0; suit < 4; suit++) {
        const Layout *l = &layouts[suit];
        if (l->top != seat) continue;
        for (int p = 0; p < seats; p++)
            if (p != seat && l->len[p] > others[suit]) others[suit] = l->len[p];
        cashed[suit] = others[suit] <= l->run ? l->len[seat] : l->run;
        int ranked = others[suit] < l->run ? others[suit] : l->run; /* the top cards that must beat another seat's */
        if (ranked) lows[suit] = BIT(16 * suit + nth_out(l->out, ranked));
    }
    if (trump >= 0 && s->must_break && !broken && layouts[trump].len[seat] < pop(s->hands[seat])) cashed[trump] = 0;
    *relevant = (cashed[0] ? lows[0] : 0) | (cashed[1] ? lows[1] : 0) | (cashed[2] ? lows[2] : 0) |
                (cashed[3] ? lows[3] : 0);
    if (trump < 0) return cashed[0] + cashed[1] + cashed[2] + cashed[3];
    const int *trumps = layouts[trump].len;
    int drawn = cashed[trump];
    int sides = cashed[0] + cashed[1] + cashed[2] + cashed[3] - drawn;
    int spare = 13, opponents = 0;
    for (int p = 0; p < seats; p++) {
        if (p == seat) continue;
        if (s->side[p] == ours) {
            if (trumps[p] && pop(s->hands[p]) - trumps[p] < spare) spare = pop(s->hands[p]) - trumps[p];
        } else if (trumps[p] > opponents) {
            opponents = trumps[p];
        }
    }
    if (opponents <= (drawn ? layouts[trump].run : 0) && spare >= sides) return drawn + sides;
    int best = (first < 0 || first == trump) ? drawn : 0;
    *relevant = best ? lows[trump] : 0;
    if (first == trump || (first >= 0 && !cashed[first])) return best;
    int rounds = 0; /* or the side suits, in each as many rounds as every opponent holding trump follows to */
    u64 ranked_cards = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == trump || !cashed[suit]) continue;
        int followed = cashed[suit];
        for (int p = 0; p < seats; p++)
            if (s->side[p] != ours && trumps[p] && layouts[suit].len[p] < followed) followed = layouts[suit].len[p];
        if (!followed && suit == first) return best;
        rounds += followed;
        int ranked = followed < others[suit] ? followed : others[suit];
        if (ranked) ranked_cards |= BIT(16 * suit + nth_out(layouts[suit].out, ranked));
    }
    if (rounds > spare) rounds = spare; /* (a partner holding trump discards meanwhile) */
    if (rounds > best) {
        best = rounds;
        *relevant = ranked_cards;
    }
    return best;
}

/* Tricks the leader's side surely takes by cashing top cards: the leader's own, or a partner's
 * after the leader crosses to it in a suit the partner holds the top card of, no opponent can
 * ruff and the leader may lead. */
static int quick(const Search *s, int leader, const Layout *layouts, int broken, u64 *relevant) {
    int seats = s->seats, trump = s->trump;
    int tricks = cash(s, leader, layouts, broken, -1, relevant);
    if (seats == 2) return tricks;
    int ours = s->side[leader];
    for (int partner = 0; partner < seats; partner++) {
        if (partner == leader || s->side[partner] != ours) continue;
        for (int suit = 0; suit < 4; suit++) {
            const Layout *l = &layouts[suit];
            if (l->top != partner || !l->len[leader]) continue;
            if (suit == trump) {
                if (s->must_break && !broken && layouts[trump].len[leader] < pop(s->hands[leader])) continue;
            } else if (trump >= 0) {
                int ruff = 0;
                for (int p = 0; p < seats; p++)
                    if (s->side[p] != ours && layouts[trump].len[p] && !l->len[p]) ruff = 1;
                if (ruff) continue;
            }
            u64 cards;
            int crossed = cash(s, partner, layouts, broken || suit == trump, suit, &cards);
            if (crossed > tricks) {
                tricks = crossed;
                *relevant = cards;
            }
        }
    }
    return tricks;
}

/* `card`, if among the `n` `cards`, moved to the front (the others keep their order). */
static void to_front(int *cards, int n, int card) {
    for (int i = 1; i < n; i++) {
        if (cards[i] != card) continue;
        memmove(cards + 1, cards, (size_t)i * sizeof(int));
        cards[0] = card;
        return;
    }
}

static inline int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* The leads worth trying, the most promising first (see the header). Returns how many. */
static int leads_of(const Search *s, int leader, u64 hand, const Layout *layouts, int broken, int hinted, int *leads) {
    int trump = s->trump, seats = s->seats, ours = s->side[leader];
    u64 legal = hand;
    if (s->must_break && !broken && (hand & ~((u64)RANKS << (16 * trump)))) legal = hand & ~((u64)RANKS << (16 * trump));
    int left = pop(hand);
    int after = (leader + 1) % seats, before = (leader + seats - 1) % seats;
    int no_trumps[MAX_SEATS] = {0, 0, 0, 0};
    const int *trumps = trump >= 0 ? layouts[trump].len : no_trumps;
    int values[13], n = 0;
    for (int suit = 0; suit < 4; suit++) {
        unsigned held = HELD(legal, suit);
        if (!held) continue;
        const Layout *l = &layouts[suit];
        const int *lengths = l->len;
        int top = l->top;
        unsigned suit_out = l->out;
        int ranks[13];
        int count = runs_of(held, suit_out, ranks);
        int second = l->count >= 2 ? (int)(l->holders >> 2 & 3) : -1;
        int third = l->count >= 3 ? (int)(l->holders >> 4 & 3) : -1;
        int choices = 0, ruff = 0, mate_ruffs = 0, mate_void = 0;
        for (int p = 0; p < seats; p++) {
            if (s->side[p] != ours) {
                choices += lengths[p] ? lengths[p] : left + 1;
                if (trump >= 0 && suit != trump && !lengths[p] && trumps[p]) ruff = 1;
            } else if (p != leader && !lengths[p]) {
                mate_void = 1;
                if (trump >= 0 && suit != trump && trumps[p]) mate_ruffs = 1;
            }
        }
        int weight = floor_div(-(choices * 128), trump < 0 ? 19 : 13);
        if (trump < 0 && mate_void) weight -= 9;
        if (ruff) weight -= 12;
        if (mate_ruffs) weight += 17;
        int win = s->side[top] == ours && !ruff;
        int second_theirs = second >= 0 && s->side[second] != ours && lengths[second] > 1;
        if (win) {
            if (second == after && second_theirs) weight += 22;
            else if (second == before && second_theirs) weight -= 1;
        } else {
            if ((top == before || second == before) && s->side[before] != ours && lengths[before] != 1) {
                weight -= 10;
            } else if (top == after && s->side[after] != ours && second >= 0 && s->side[second] == ours &&
                       second != leader && lengths[second] != 1) {
                weight += 31;
            }
            if (second >= 0 && s->side[second] == ours && third >= 0 && s->side[third] == ours)
                weight += (second != leader && third != leader) ? 35 : 25;
        }
        int top_rank = bit_length(suit_out) - 1;
        int second_rank = bit_length(suit_out ^ (1u << top_rank)) - 1;
        for (int i = 0; i < count; i++) {
            int rank = ranks[i];
            int relative = __builtin_popcount(suit_out & ((1u << rank) - 1)) + 1;
            int sequence = rank > 0 && (held >> (rank - 1) & 1) && (suit_out >> (rank - 1) & 1);
            int value;
            if (win) value = weight + (second_theirs ? 18 : 45) + relative;
            else if (s->side[top] == ours) value = weight + ((top == leader && rank == top_rank) ? 38 : 20);
            else if (lengths[top] == 1) value = weight + 28 + relative;
            else if (!sequence) value = weight + 12 + relative;
            else if (second == leader && second_rank == rank) value = weight + 48;
            else value = weight + 29 - relative;
            /* insert by value, then by card, both descending */
            int card = 16 * suit + rank, j = n++;
            while (j > 0 && (values[j - 1] < value || (values[j - 1] == value && leads[j - 1] < card))) {
                values[j] = values[j - 1];
                leads[j] = leads[j - 1];
                j--;
            }
            values[j] = value;
            leads[j] = card;
        }
    }
    to_front(leads, n, hinted);
    return n;
}

/* A follower's cards in the order to try them (after bridge-solver's, Xue, for any sides), one of
 * each run of equivalent cards. Of the suit led: low first when it cannot beat the card winning
 * the trick; or when its side is winning it and no opponent still to play can beat that card
 * (or would beat its own best card too); or, with a partner playing last who can beat it, when
 * that partner holds more than the opponents in between or they would beat this hand's best card
 * anyway; else the cards that beat it, the cheapest first when the lowest of them is sure to win
 * (or the highest first, to draw an opponent's honour), then the rest low first. Unable to
 * follow: unless its side is surely winning the trick, the trumps that beat the card winning it,
 * the lowest first (only the lowest when no opponent still to play can overruff); then the
 * lowest card of each other suit, the longest suit first; then the rest, highest first. */
static int follow_order(const Search *s, int leader, int ply, u64 hand, u64 out, int led, int win, int winner,
                        int *cards) {
    int seats = s->seats, trump = s->trump, seat = (leader + ply) % seats, ours = s->side[seat], n = 0;
    int ahead = s->side[winner] == ours, last = ply == seats - 1;
    unsigned theirs = 0;          /* the suit led's cards of the opponents still to play */
    int overruff = 0;             /* one of them is void in it and holds trump */
    int closing = -1;             /* the partner playing last, if any */
    for (int i = ply + 1; i < seats; i++) {
        int p = (leader + i) % seats;
        unsigned held = HELD(s->hands[p], led);
        if (s->side[p] == ours) {
            if (i == seats - 1) closing = p;
        } else {
            theirs |= held;
            if (!held && trump >= 0 && HELD(s->hands[p], trump)) overruff = 1;
        }
    }
    int theirs_top = theirs ? 16 * led + bit_length(theirs) - 1 : -1;
    int ranks[13];
    unsigned held = HELD(hand, led);
    if (held) {
        int count = runs_of(held, HELD(out, led), ranks); /* highest first */
        int top = 16 * led + ranks[0];
        unsigned above_win = theirs & ~((2u << RANK_OF(win)) - 1), above_top = theirs & ~((2u << ranks[0]) - 1);
        int low = SUIT_OF(win) != led || top < win ||
                  (ahead && (!theirs || win > theirs_top || above_win == above_top));
        if (!low && closing >= 0) {
            unsigned mates = HELD(s->hands[closing], led);
            int mate_top = mates ? 16 * led + bit_length(mates) - 1 : -1;
            if (mate_top > win) {
                int best = mate_top > top ? mate_top : top;
                unsigned above_mate = theirs & ~((2u << RANK_OF(mate_top)) - 1);
                low = (theirs && theirs_top > best && above_mate == above_top) || !theirs || mate_top > theirs_top;
            }
        }
        if (low) {
            for (int i = count - 1; i >= 0; i--) cards[n++] = 16 * led + ranks[i];
            return n;
        }
        int higher = 0;
        while (higher < count && 16 * led + ranks[higher] > win) higher++;
        if (last || !theirs || 16 * led + ranks[higher - 1] > theirs_top)
            for (int i = higher - 1; i >= 0; i--) cards[n++] = 16 * led + ranks[i];
        else
            for (int i = 0; i < higher; i++) cards[n++] = 16 * led + ranks[i];
        for (int i = count - 1; i >= higher; i--) cards[n++] = 16 * led + ranks[i];
        return n;
    }
    int runs[4][13], counts[4] = {0, 0, 0, 0};
    for (int suit = 0; suit < 4; suit++)
        if (HELD(hand, suit)) counts[suit] = runs_of(HELD(hand, suit), HELD(out, suit), runs[suit]);
    u64 tried = 0;
    int safe = ahead && (last || (!overruff && (SUIT_OF(win) == trump || !theirs || win > theirs_top)));
    if (trump >= 0 && counts[trump] && !safe) {
        const int *trumps = runs[trump];
        int c = counts[trump];
        if (SUIT_OF(win) == trump) {
            if (!ahead)
                for (int i = c - 1; i >= 0; i--)
                    if (16 * trump + trumps[i] > win) cards[n++] = 16 * trump + trumps[i];
        } else if (last || !overruff) {
            cards[n++] = 16 * trump + trumps[c - 1];
        } else {
            for (int i = c - 1; i >= 0; i--) cards[n++] = 16 * trump + trumps[i];
        }
        for (int i = 0; i < n; i++) tried |= BIT(cards[i]);
    }
    int suits[4], k = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == trump || !counts[suit]) continue;
        int j = k++, length = __builtin_popcount(HELD(hand, suit));
        while (j > 0 && __builtin_popcount(HELD(hand, suits[j - 1])) < length) {
            suits[j] = suits[j - 1];
            j--;
        }
        suits[j] = suit;
    }
    for (int i = 0; i < k; i++) {
        int card = 16 * suits[i] + runs[suits[i]][counts[suits[i]] - 1];
        cards[n++] = card;
        tried |= BIT(card);
    }
    for (int suit = 3; suit >= 0; suit--)
        for (int i = 0; i < counts[suit]; i++)
            if (!(tried & BIT(16 * suit + runs[suit][i]))) cards[n++] = 16 * suit + runs[suit][i];
    return n;
}

/* The side of the seat to play (`ply` places after the leader) surely wins the trick in progress:
 * no opponent still to play can ruff, and the card winning it is the side's and higher than every
 * card the opponents still to play hold in the suit led, or a seat of the side still to play holds
 * a higher one, or can ruff. Sets `relevant` to the card that decides it. */
static int sure_trick(Search *s, int leader, int ply, int led, int win, int winner) {
    int seats = s->seats, trump = s->trump;
    if (SUIT_OF(win) != led) return 0;
    int ours = s->side[(leader + ply) % seats];
    int mates = -1, theirs = -1, ruff = 0;
    for (int i = ply; i < seats; i++) {
        int p = (leader + i) % seats;
        unsigned held = HELD(s->hands[p], led);
        if (held) {
            int top = 16 * led + bit_length(held) - 1;
            if (s->side[p] == ours) { if (top > mates) mates = top; }
            else if (top > theirs) theirs = top;
        } else if (trump >= 0 && trump != led && HELD(s->hands[p], trump)) {
            if (s->side[p] != ours) return 0;
            ruff = 1;
        }
    }
    if (s->side[winner] == ours && win > theirs) {
        s->relevant = BIT(win);
        return 1;
    }
    if (mates > win && mates > theirs) {
        s->relevant = BIT(mates);
        return 1;
    }
    if (ruff) {
        s->relevant = 0;
        return 1;
    }
    return 0;
}

/* The rank below which the other cards of `card`'s suit are known to fail too, once `card`
 * failed with an answer that depended on `relevant` (0: none): another card of the suit below
 * the lowest relevant one leads to a position that differs only below it. */
static int small_below(int card, u64 relevant) {
    int suit = SUIT_OF(card);
    unsigned cards = HELD(relevant, suit);
    int low = cards ? __builtin_ctz(cards) : 13;
    return RANK_OF(card) < low ? low : 0;
}

static int start(Search *s, int leader, int beta, int broken, const Layout *given, u64 lengths);
static int search_start(Search *s, int leader, int beta, int broken, const Layout *given, u64 lengths);

/* Within a trick: the seat `ply` places after the leader plays; `win` is the card winning the
 * trick so far, played by `winner`, `ranked` if it beat a card of its suit. A bound on the side's
 * tricks from this trick on (it included), against `beta` (see `start`). */
static int follow(Search *s, int leader, int ply, int beta, int broken, u64 out, const Layout *layouts, u64 lengths,
                  int led, int win, int winner, int ranked, int trumped) {
    int seats = s->seats, trump = s->trump;
    int seat = (leader + ply) % seats;
    u64 hand = s->hands[seat];
    int ours = s->side[seat];
    int last = ply == seats - 1;
    int left = pop(s->hands[leader]) + 1;
    u64 situation = hash_of(follow_key(seat, ply, hand, out, led, win, winner, trump));
    Cutoff *cutoff = cutoff_of(s, situation);
    __builtin_prefetch(cutoff); /* (read below, once the cards are ordered) */
    if ((ours ? beta <= 1 : beta >= left) && sure_trick(s, leader, ply, led, win, winner))
        return ours ? 1 : left - 1; /* the side to play wins this trick: all it needs */
    int cards[13];
    int n = follow_order(s, leader, ply, hand, out, led, win, winner, cards);
    if (cutoff->check == check_of(situation)) to_front(cards, n, cutoff->card);
    u64 relevant = 0;
    int small[4] = {0, 0, 0, 0}, value = ours ? -1 : 14;
    for (int i = 0; i < n; i++) {
        int card = cards[i], suit = SUIT_OF(card);
        if (RANK_OF(card) < small[suit]) continue;
        if (--s->nodes < 0) {
            s->stop = 1;
            return 0;
        }
        s->hands[seat] = hand & ~BIT(card);
        int new_win = win, new_winner = winner, new_ranked = ranked, found;
        if (suit == SUIT_OF(win)) {
            new_ranked = 1;
            if (card > win) {
                new_win = card;
                new_winner = seat;
            }
        } else if (suit == trump) {
            new_win = card;
            new_winner = seat;
            new_ranked = 0;
        }
        u64 after = lengths - ((u64)1 << (16 * suit + 4 * seat));
        if (last) {
            int won = s->side[new_winner], breaks = broken || trumped || suit == trump;
            Layout next[4];
            if (layouts) { /* the trick's start's layouts less the trick's cards */
                __builtin_prefetch(&s->table.slots[slot_of(after, meta_of(s, new_winner, breaks), s->table.size)]);
                memcpy(next, layouts, sizeof next);
                u64 now = 0;
                for (int p = 0; p < seats; p++) now |= s->hands[p];
                for (u64 gone = out & ~now; gone; gone &= gone - 1) {
                    int played = __builtin_ctzll(gone);
                    remove_card(&next[SUIT_OF(played)], RANK_OF(played));
                }
            }
            found = won + start(s, new_winner, beta - won, breaks, layouts ? next : NULL, after);
            if (new_ranked) s->relevant |= BIT(new_win);
        } else {
            found = follow(s, leader, ply + 1, beta, broken, out, layouts, after, led, new_win, new_winner, new_ranked,
                           trumped || suit == trump);
        }
        s->hands[seat] = hand;
        if (s->stop) return 0;
        if (ours ? found >= beta : found < beta) {
            cutoff->check = check_of(situation);
            cutoff->card = card;
            return found;
        }
        if (ours ? found > value : found < value) value = found;
        relevant |= s->relevant;
        int below = small_below(card, s->relevant);
        if (below > small[suit]) small[suit] = below;
    }
    s->relevant = relevant;
    return value;
}

/* At the start of a trick: a bound on the tricks the side takes from here, against `beta` (a
 * fail-soft null window): when it is at least `beta` the side takes at least that many, when it
 * is below `beta` at most that many. `relevant` is left holding the cards the answer depended on. */
static int search_start(Search *s, int leader, int beta, int broken, const Layout *given, u64 lengths) {
    int seats = s->seats, trump = s->trump;
    u64 lead_hand = s->hands[leader];
    int left = pop(lead_hand);
    if (beta <= 0 || beta > left) {
        s->relevant = 0;
        return beta <= 0 ? 0 : left;
    }
    if (left == 1) { /* the last trick: every card is forced */
        int win = top_bit(lead_hand), winner = leader, ranked = 0;
        for (int i = 1; i < seats; i++) {
            int p = (leader + i) % seats;
            int card = top_bit(s->hands[p]);
            if (SUIT_OF(card) == SUIT_OF(win)) {
                ranked = 1;
                if (card > win) {
                    win = card;
                    winner = p;
                }
            } else if (SUIT_OF(card) == trump) {
                win = card;
                winner = p;
                ranked = 0;
            }
        }
        s->relevant = ranked ? BIT(win) : 0;
        return s->side[winner];
    }
    u64 situation = hash_of(lead_key(leader, lead_hand));
    Cutoff *cutoff = cutoff_of(s, situation);
    __builtin_prefetch(cutoff); /* (read once the table and the sure tricks have not settled it) */
    Layout computed[4];
    if (!given) {
        layouts_of(s, computed);
        lengths = 0;
        for (int suit = 0; suit < 4; suit++)
            for (int p = 0; p < seats; p++) lengths |= (u64)computed[suit].len[p] << (16 * suit + 4 * p);
    }
    const Layout *layouts = given ? given : computed;
    unsigned meta = meta_of(s, leader, broken);
    u64 layout[2] = {layouts[0].holders | (u64)layouts[1].holders << 32,
                     layouts[2].holders | (u64)layouts[3].holders << 32};
    unsigned signature = signature_of(layout);
    for (int k = 0; k < 2; k++) { /* the general entries, then the particular ones */
        const Bucket *bucket = table_find(&s->table, lengths, k ? particular(meta, layouts) : meta);
        if (!bucket) continue;
        const u64 *signatures = bucket->signatures;
        for (unsigned i = 0; i < bucket->count; i++) {
            if ((signature & (unsigned)(signatures[i] >> 32)) != (unsigned)signatures[i]) continue;
            const Entry *e = &bucket->entries[i];
            if ((layout[0] & e->mask[0]) != e->pattern[0] || (layout[1] & e->mask[1]) != e->pattern[1]) continue;
            if (beta <= e->lower || beta > e->upper) {
                s->relevant = absolute(layouts, e->depths);
                return beta <= e->lower ? e->lower : e->upper;
            }
        }
    }
    if (trump >= 0) {
        u64 sure_cards, lost_cards;
        int sure = trump_tricks(s, &layouts[trump], 1, &sure_cards);
        int lost = trump_tricks(s, &layouts[trump], 0, &lost_cards);
        if (beta <= sure || beta > left - lost) {
            s->relevant = beta <= sure ? sure_cards : lost_cards;
            return beta <= sure ? sure : left - lost;
        }
    }
    int ours = s->side[leader];
    u64 cashed;
    int tricks = quick(s, leader, layouts, broken, &cashed);
    if (ours && beta <= tricks) {
        s->relevant = cashed;
        return tricks;
    }
    if (!ours && beta > left - tricks) {
        s->relevant = cashed;
        return left - tricks;
    }
    if (trump < 0) {
        u64 defending;
        int against = defended(s, leader, layouts, &defending);
        if (ours ? beta > left - against : beta <= against) {
            s->relevant = defending;
            return ours ? left - against : against;
        }
    }
    u64 out = 0;
    for (int p = 0; p < seats; p++) out |= s->hands[p];
    int leads[13];
    int n = leads_of(s, leader, lead_hand, layouts, broken,
                     cutoff->check == check_of(situation) ? cutoff->card : -1, leads);
    int value = ours ? -1 : 14;
    u64 relevant = 0;
    int small[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        int card = leads[i], suit = SUIT_OF(card);
        if (RANK_OF(card) < small[suit]) continue;
        if (--s->nodes < 0) {
            s->stop = 1;
            return 0;
        }
        s->hands[leader] = lead_hand & ~BIT(card);
        int found = follow(s, leader, 1, beta, broken, out, layouts, lengths - ((u64)1 << (16 * suit + 4 * leader)), suit,
                           card, leader, 0, suit == trump);
        s->hands[leader] = lead_hand;
        if (s->stop) return 0;
        if (ours ? found > value : found < value) value = found;
        if (ours ? found >= beta : found < beta) {
            cutoff->check = check_of(situation);
            cutoff->card = card;
            relevant = s->relevant;
            break;
        }
        relevant |= s->relevant;
        int below = small_below(card, s->relevant);
        if (below > small[suit]) small[suit] = below;
    }
    s->relevant = relevant = extended(s, layouts, relevant);
    store(s, lengths, meta, layouts, relevant, value >= beta ? value : 0, value >= beta ? left : value);
    return value;
}

#ifdef DDSOLVER_CHECK
/* ---- the checking build (tests/ddsolver/test_checked.py) ----------------------------------------
 * Compiled with -DDDSOLVER_CHECK, every answer at a trick's start is checked against plain
 * minimax over every legal card, and the cards it depended on by swapping each pair of cards of
 * a suit below its lowest relevant one between two seats (the answer must hold there too). The
 * first answer that fails is kept in `violation` (the module's `violation()`). For small endings
 * only: the checks cost exponential time. */

static char violation[512];

static int plain_follow(Search *s, int leader, int ply, int led, int win, int winner, int broken, int trumped);

static int plain_start(Search *s, int leader, int broken) {
    u64 hand = s->hands[leader];
    if (!hand) return 0;
    u64 legal = hand, trumps = s->trump >= 0 ? (u64)RANKS << (16 * s->trump) : 0;
    if (s->must_break && !broken && (hand & ~trumps)) legal = hand & ~trumps;
    int ours = s->side[leader], best = ours ? -1 : 14;
    for (u64 rest = legal; rest; rest &= rest - 1) {
        int card = __builtin_ctzll(rest);
        s->hands[leader] = hand & ~BIT(card);
        int value = plain_follow(s, leader, 1, SUIT_OF(card), card, leader, broken, SUIT_OF(card) == s->trump);
        s->hands[leader] = hand;
        if (ours ? value > best : value < best) best = value;
    }
    return best;
}

static int plain_follow(Search *s, int leader, int ply, int led, int win, int winner, int broken, int trumped) {
    int seat = (leader + ply) % s->seats;
    u64 hand = s->hands[seat];
    u64 legal = hand & ((u64)RANKS << (16 * led));
    if (!legal) legal = hand;
    int ours = s->side[seat], best = ours ? -1 : 14;
    for (u64 rest = legal; rest; rest &= rest - 1) {
        int card = __builtin_ctzll(rest), new_win = win, new_winner = winner;
        if (SUIT_OF(card) == SUIT_OF(win) ? card > win : SUIT_OF(card) == s->trump) {
            new_win = card;
            new_winner = seat;
        }
        s->hands[seat] = hand & ~BIT(card);
        int value = ply == s->seats - 1
            ? s->side[new_winner] + plain_start(s, new_winner, broken || trumped || SUIT_OF(card) == s->trump)
            : plain_follow(s, leader, ply + 1, led, new_win, new_winner, broken, trumped || SUIT_OF(card) == s->trump);
        s->hands[seat] = hand;
        if (ours ? value > best : value < best) best = value;
    }
    return best;
}

/* `value` against `beta` is a true bound of the position (fail-soft). */
static int holds(int value, int beta, int exact) { return value >= beta ? exact >= value : exact <= value; }

static int start(Search *s, int leader, int beta, int broken, const Layout *given, u64 lengths) {
    int value = search_start(s, leader, beta, broken, given, lengths);
    if (s->stop || violation[0]) return value;
    u64 relevant = s->relevant;
    int exact = plain_start(s, leader, broken);
    if (!holds(value, beta, exact))
        snprintf(violation, sizeof violation, "leader %d beta %d: answered %d, plain minimax %d", leader, beta, value,
                 exact);
    for (int suit = 0; suit < 4 && !violation[0]; suit++) {
        unsigned cards = HELD(relevant, suit);
        unsigned below = cards ? (1u << __builtin_ctz(cards)) - 1 : RANKS;
        for (int a = 0; a < s->seats; a++)
            for (int b = a + 1; b < s->seats; b++)
                for (unsigned x = HELD(s->hands[a], suit) & below; x; x &= x - 1)
                    for (unsigned y = HELD(s->hands[b], suit) & below; y; y &= y - 1) {
                        u64 swap = BIT(16 * suit + __builtin_ctz(x)) | BIT(16 * suit + __builtin_ctz(y));
                        s->hands[a] ^= swap;
                        s->hands[b] ^= swap;
                        int swapped = plain_start(s, leader, broken);
                        s->hands[a] ^= swap;
                        s->hands[b] ^= swap;
                        if (!violation[0] && !holds(value, beta, swapped))
                            snprintf(violation, sizeof violation,
                                     "leader %d beta %d: answered %d depending on %llx, but %d with cards %d and %d of "
                                     "suit %d swapped", leader, beta, value, (unsigned long long)relevant, swapped,
                                     __builtin_ctz(x), __builtin_ctz(y), suit);
                    }
    }
    s->relevant = relevant;
    return value;
}

static PyObject *module_violation(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    if (!violation[0]) Py_RETURN_NONE;
    return PyUnicode_FromString(violation);
}

static PyMethodDef module_methods[] = {
    {"violation", module_violation, METH_NOARGS, "the first answer the checks found wrong, or None"},
    {NULL, NULL, 0, NULL},
};
#define MODULE_METHODS module_methods
#else
static inline int start(Search *s, int leader, int beta, int broken, const Layout *given, u64 lengths) {
    return search_start(s, leader, beta, broken, given, lengths);
}
#define MODULE_METHODS NULL
#endif

/* ---- the Python type -------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Search search;
    long long nodes; /* what the last question visited */
    int busy;        /* a question is being answered (the GIL is released meanwhile) */
} SearchObject;

/* A question is being answered (with the GIL released): another on the same search is refused. */
static int refused_while_busy(const SearchObject *self) {
    if (self->busy) PyErr_SetString(PyExc_RuntimeError, "this search is answering another question");
    return self->busy;
}

/* A question's answer, once the search is done: the nodes it visited, and -1 when its budget ran
 * out (a search stopped with budget left ran out of memory). */
static PyObject *answered(SearchObject *self, long long budget, int result) {
    Search *s = &self->search;
    self->busy = 0;
    self->nodes = budget - s->nodes;
    if (s->stop) {
        if (s->nodes >= 0) return PyErr_NoMemory();
        self->nodes = budget;
        return PyLong_FromLong(-1);
    }
    return PyLong_FromLong(result);
}

static u64 from_engine(u64 mask) { /* the engine's 13 bits a suit to 16 */
    u64 hand = 0;
    for (int suit = 0; suit < 4; suit++) hand |= ((mask >> (13 * suit)) & RANKS) << (16 * suit);
    return hand;
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"seats", "trump", "side", "must_break", "table_limit", NULL};
    int seats, trump, side, must_break;
    Py_ssize_t limit = 1 << 22;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiip|n", keywords, &seats, &trump, &side, &must_break, &limit))
        return -1;
    if (seats != 2 && seats != 4) {
        PyErr_SetString(PyExc_ValueError, "seats must be 2 or 4");
        return -1;
    }
    if (trump < -1 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "trump must be -1 (none) or a suit 0-3");
        return -1;
    }
    if (side < 0 || side >= (1 << seats)) {
        PyErr_SetString(PyExc_ValueError, "side must be a set of seats (a bit a seat)");
        return -1;
    }
    if (limit < 1024) {
        PyErr_SetString(PyExc_ValueError, "table_limit must be at least 1024 entries");
        return -1;
    }
    if (refused_while_busy(self)) return -1;
    Search *s = &self->search;
    table_free(&s->table);
    free(s->cutoffs);
    memset(s, 0, sizeof(*s));
    s->seats = seats;
    s->trump = trump;
    s->must_break = must_break && trump >= 0;
    for (int p = 0; p < MAX_SEATS; p++) s->side[p] = p < seats ? (side >> p & 1) : 0;
    if (table_init(&s->table, 1024) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    s->table.limit = (size_t)limit;
    return 0;
}

static void Search_dealloc(SearchObject *self) {
    table_free(&self->search.table);
    free(self->search.cutoffs);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Reads a position: hands (the engine's 52-bit sets, by seat), the leader and the trick's cards
 * (the engine's 0-51, from the leader on). Checks that it is a position of play. */
static int read_position(Search *s, PyObject *hands, int leader, PyObject *trick, int *played, int *count) {
    if (!s->table.slots) {
        PyErr_SetString(PyExc_ValueError, "the search is not initialised");
        return -1;
    }
    PyObject *seq = PySequence_Fast(hands, "hands must be a sequence of ints");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != s->seats) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "one hand a seat");
        return -1;
    }
    u64 all = 0;
    for (int p = 0; p < s->seats; p++) {
        unsigned long long mask = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, p));
        if (PyErr_Occurred() || mask >> 52) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a hand is a set of cards 0-51");
            return -1;
        }
        s->hands[p] = from_engine(mask);
        if (all & s->hands[p] || pop(s->hands[p]) > 13) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "hands must not overlap and hold at most 13 cards");
            return -1;
        }
        all |= s->hands[p];
    }
    Py_DECREF(seq);
    if (leader < 0 || leader >= s->seats) {
        PyErr_SetString(PyExc_ValueError, "no such leader");
        return -1;
    }
    seq = PySequence_Fast(trick, "trick must be a sequence of cards");
    if (!seq) return -1;
    *count = (int)PySequence_Fast_GET_SIZE(seq);
    if (*count >= s->seats) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a trick in progress has fewer cards than seats");
        return -1;
    }
    for (int i = 0; i < *count; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (PyErr_Occurred() || card < 0 || card > 51) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a card is 0-51");
            return -1;
        }
        played[i] = 16 * (int)(card / 13) + (int)(card % 13);
        if (all & BIT(played[i])) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a card played to the trick is also in a hand");
            return -1;
        }
        all |= BIT(played[i]);
    }
    Py_DECREF(seq);
    int size = pop(s->hands[leader]) + (*count ? 1 : 0);
    for (int i = 0; i < s->seats; i++) {
        int p = (leader + i) % s->seats;
        if (pop(s->hands[p]) + (i < *count ? 1 : 0) != size) {
            PyErr_SetString(PyExc_ValueError, "every seat must hold as many cards (the trick's counted)");
            return -1;
        }
    }
    int bits = cutoff_bits(s->seats * size);
    if (bits > s->cutoff_bits) { /* a bigger position than before: more hints (the old ones go) */
        Cutoff *grown = calloc((size_t)1 << bits, sizeof(Cutoff));
        if (!grown) {
            PyErr_NoMemory();
            return -1;
        }
        free(s->cutoffs);
        s->cutoffs = grown;
        s->cutoff_bits = bits;
    }
    return 0;
}

static PyObject *Search_bound(SearchObject *self, PyObject *args) {
    PyObject *hands, *trick;
    int leader, broken, beta;
    long long budget;
    if (!PyArg_ParseTuple(args, "OiOpiL", &hands, &leader, &trick, &broken, &beta, &budget)) return NULL;
    Search *s = &self->search;
    if (refused_while_busy(self)) return NULL;
    int played[MAX_SEATS], count;
    if (read_position(s, hands, leader, trick, played, &count) < 0) return NULL;
    s->nodes = budget;
    s->stop = 0;
    int result;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    if (!count) {
        result = start(s, leader, beta, broken, NULL, 0);
    } else if (beta <= 0) {
        result = 0;
    } else if (beta > pop(s->hands[leader]) + 1) {
        result = pop(s->hands[leader]) + 1;
    } else {
        u64 out = 0;
        for (int p = 0; p < s->seats; p++) out |= s->hands[p];
        int trumped = 0, win = played[0], winner = leader, ranked = 0;
        for (int i = 0; i < count; i++) {
            out |= BIT(played[i]);
            if (SUIT_OF(played[i]) == s->trump) trumped = 1;
        }
        for (int i = 1; i < count; i++) {
            int card = played[i];
            if (SUIT_OF(card) == SUIT_OF(win)) {
                ranked = 1;
                if (card > win) {
                    win = card;
                    winner = (leader + i) % s->seats;
                }
            } else if (SUIT_OF(card) == s->trump) {
                win = card;
                winner = (leader + i) % s->seats;
                ranked = 0;
            }
        }
        result = follow(s, leader, count, beta, broken, out, NULL, 0, SUIT_OF(played[0]), win, winner, ranked, trumped);
    }
    Py_END_ALLOW_THREADS
    return answered(self, budget, result);
}

/* The side takes at least `need` of the tricks left, from a trick's start, in every layout of the
 * `unseen` cards among the `unknown` seats (each as many cards as the known hands hold, none of a
 * suit it is void in: `voids`, a bit a suit); the other seats hold `hands`. One node a layout. */
static int every_layout(Search *s, const int *unknown, int count, u64 unseen, const unsigned *voids, int size,
                        int leader, int broken, int need) {
    u64 void_cards[2] = {0, 0};
    for (int i = 0; i < count; i++)
        for (int suit = 0; suit < 4; suit++)
            if (voids[i] >> suit & 1) void_cards[i] |= (u64)RANKS << (16 * suit);
    if (count < 2) {
        if (count == 1) {
            if (unseen & void_cards[0]) return 1; /* no layout */
            s->hands[unknown[0]] = unseen;
        }
        if (--s->nodes < 0) {
            s->stop = 1;
            return 0;
        }
        return start(s, leader, need, broken, NULL, 0) >= need;
    }
    int cards[26], n = 0, chosen[13];
    for (u64 rest = unseen & ~void_cards[0]; rest; rest &= rest - 1) cards[n++] = __builtin_ctzll(rest);
    if (n < size) return 1;
    for (int i = 0; i < size; i++) chosen[i] = i;
    for (;;) {
        u64 first = 0;
        for (int i = 0; i < size; i++) first |= BIT(cards[chosen[i]]);
        u64 second = unseen & ~first;
        if (!(second & void_cards[1])) {
            if (--s->nodes < 0) {
                s->stop = 1;
                return 0;
            }
            s->hands[unknown[0]] = first;
            s->hands[unknown[1]] = second;
            int found = start(s, leader, need, broken, NULL, 0);
            if (s->stop) return 0;
            if (found < need) return 0;
        }
        int i = size - 1; /* the next combination of `size` of the `n` cards, in order */
        while (i >= 0 && chosen[i] == n - size + i) i--;
        if (i < 0) return 1;
        chosen[i]++;
        for (int j = i + 1; j < size; j++) chosen[j] = chosen[j - 1] + 1;
    }
}

static PyObject *Search_every_layout(SearchObject *self, PyObject *args) {
    PyObject *hands, *unknown_seats, *void_suits;
    unsigned long long unseen_mask;
    int leader, broken, need;
    long long budget;
    if (!PyArg_ParseTuple(args, "OOKOipiL", &hands, &unknown_seats, &unseen_mask, &void_suits, &leader, &broken,
                          &need, &budget))
        return NULL;
    Search *s = &self->search;
    if (refused_while_busy(self)) return NULL;
    int unknown[2], count;
    unsigned voids[2];
    PyObject *seq = PySequence_Fast(unknown_seats, "unknown must be a sequence of seats");
    if (!seq) return NULL;
    count = (int)PySequence_Fast_GET_SIZE(seq);
    PyObject *void_seq = PySequence_Fast(void_suits, "voids must be a sequence of suit sets");
    if (!void_seq) {
        Py_DECREF(seq);
        return NULL;
    }
    int bad = count > 2 || PySequence_Fast_GET_SIZE(void_seq) != count;
    for (int i = 0; i < count && !bad; i++) {
        long seat = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        long suits = PyLong_AsLong(PySequence_Fast_GET_ITEM(void_seq, i));
        bad = PyErr_Occurred() || seat < 0 || seat >= s->seats || (i && seat == unknown[0]) || suits < 0 || suits > 15;
        unknown[i] = (int)seat;
        voids[i] = (unsigned)suits;
    }
    Py_DECREF(seq);
    Py_DECREF(void_seq);
    if (bad) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "at most two unknown seats, a set of void suits each");
        return NULL;
    }
    /* The known hands and a first layout of the unseen cards, checked as a position. */
    int played[MAX_SEATS], trick_count;
    PyObject *no_trick = PyTuple_New(0);
    if (!no_trick) return NULL;
    seq = PySequence_Fast(hands, "hands must be a sequence of ints");
    if (!seq) {
        Py_DECREF(no_trick);
        return NULL;
    }
    PyObject *list = PySequence_List(seq);
    Py_DECREF(seq);
    if (!list) {
        Py_DECREF(no_trick);
        return NULL;
    }
    int size = 0, ok = 1;
    if (unseen_mask >> 52 || (!count && unseen_mask)) ok = 0;
    u64 unseen = from_engine(unseen_mask);
    if (ok && count) {
        size = pop(unseen) / count;
        ok = size * count == pop(unseen);
    }
    unsigned long long rest = unseen_mask;
    for (int i = 0; i < count && ok == 1; i++) { /* a first layout: the unseen cards in order */
        unsigned long long dealt = 0;
        for (int k = 0; k < size; k++, rest &= rest - 1) dealt |= rest & -rest;
        PyObject *hand = PyLong_FromUnsignedLongLong(dealt);
        if (!hand || PyList_SetItem(list, unknown[i], hand) < 0) ok = -1;
    }
    if (ok == 1 && PyList_GET_SIZE(list) != s->seats) ok = 0;
    if (ok == 1 && read_position(s, list, leader, no_trick, played, &trick_count) < 0) ok = -1;
    Py_DECREF(list);
    Py_DECREF(no_trick);
    if (ok < 0) return NULL;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "the unseen cards must be the unknown seats' and as many a seat as a known hand");
        return NULL;
    }
    s->nodes = budget;
    s->stop = 0;
    int result;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    result = every_layout(s, unknown, count, unseen, voids, size, leader, broken, need);
    Py_END_ALLOW_THREADS
    return answered(self, budget, result);
}

static PyObject *Search_get_nodes(SearchObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLongLong(self->nodes);
}

static PyObject *Search_get_entries(SearchObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromSize_t(self->search.table.entries);
}

static PyMethodDef Search_methods[] = {
    {"bound", (PyCFunction)Search_bound, METH_VARARGS,
     "bound(hands, leader, trick, broken, beta, budget) -> a bound on the side's tricks (at least it when it is\n"
     "at least beta, at most it when below), or -1 when the budget ran out"},
    {"every_layout", (PyCFunction)Search_every_layout, METH_VARARGS,
     "every_layout(hands, unknown, unseen, voids, leader, broken, need, budget) -> 1 if the side takes need\n"
     "tricks in every layout of the unseen cards among the unknown seats, 0 if not in some, -1 when the\n"
     "budget ran out (one node a layout besides the search's)"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "the nodes the last question visited", NULL},
    {"entries", (getter)Search_get_entries, NULL, "the transposition table's entries", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ddsolver._search.Search",
    .tp_doc = "Double-dummy questions with one trump, one side and one lead rule, sharing a table.",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "ddsolver._search", "Double-dummy search for the bridge family.", -1, MODULE_METHODS,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
