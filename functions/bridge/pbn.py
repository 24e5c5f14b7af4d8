"""Hand records in PBN 2.1 export format (SPEC §16): `export_pbn` writes finished deals' records
(`wire.DealRecord`, as `documents.deal_record` makes them) as Portable Bridge Notation text that
any bridge program can read. Pure: no I/O and no Firebase, the variants' rules from the engine.

The file, per the standard's export format:
- It opens with the lines `% PBN 2.1` and `% EXPORT`. Every line ends with CRLF (the end of line
  export format prescribes). Games follow, the first at once, each later one after one empty line.
- A game holds all its own data: no tag value is inherited from the game before (`#`).
- A game is its identification section, the 15 mandatory tags in the standard's order (Event,
  Site, Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring, Declarer,
  Contract, Result), then its supplementary tags in alphabetical order; then its Auction section,
  its Play section and its supplemental section, each where the game has one.
- A tag value escapes a backslash as `\\\\` and a quote as `\\"`; a character that does not print
  (a line break in an alert) is written as a space; a value longer than the standard's
  255-character token (its quotes included) is cut to fit. Text is kept in Unicode: the standard's
  character set is ISO 8859-1, and a name outside it has no form in it (the caller encodes).
- `?` marks a mandatory value that is unknown, an empty value one that does not apply to the game
  (the standard's two cases).

The mandatory tags:
- Event, Site: as given. Date: `YYYY.MM.DD`, or `????.??.??` when not given.
- Board: the record's board (a duplicate board) or else its deal number in the match.
- West, North, East, South: the display names of the players at positions 3, 0, 1, 2 (`names`;
  the uid where it has none); empty for a seat the game does not have.
- Dealer: the player who calls first, as the standard's dealer does: the record's dealer, or in
  Floating Bridge and TigerBridge, where the player left of the dealer opens, that player.
- Vulnerable: `None`, `NS`, `EW` or `All` from the record's `vulnerable` sides; `None` when it has
  none. Deal: the hands from the Dealer clockwise, `-` for a seat the game does not have.
- Scoring: `?`: the record does not say which scoring the room played.
- Declarer, Contract, Result: the contract (`4SX`) and its declarer, and the tricks the declarer's
  side took (claimed tricks included; in Floating Bridge the declarer's and the partner's). A
  passed-out auction: Contract `Pass`, Declarer and Result empty.

Supplementary tags: `Variant`, the record's variant (`floating`, `contract`, `tiger`, `memory`).
Floating Bridge: `PartnerCard`, the partner card as a PBN card (suit then rank, `SA`), and
`Partner`, the direction of its holder.

The Auction section (four-seat games bidding 1C-7NT: Floating and contract bridge): the calls from
the Dealer, four a line, as `Pass`, `X`, `XX` and bids; every call written (no `AP`). An alerted
call is followed by its note reference `=n=`, and the section ends with a `Note` tag `n:text` for
each explanation, numbered from 1 in order of first use (the standard's 32 at most: a 33rd
explanation is left out). An auction that does not end with three passes (7NT ends a Floating
Bridge auction) ends with `*`.

The Play section (where a card was played): from the player of the first card, the opening leader
(in Floating Bridge at no trump the declarer), one trick a line, each column always the same
player, clockwise from the leader; `-` where a seat played no card to the trick. A play that
stopped before all its tricks were played (an accepted claim; Floating Bridge's early end) ends
with `*`, and Result is its final count.

TigerBridge: its bids (5-9 tricks, no trump lowest) are neither PBN calls nor on PBN's ladder,
so it has no Auction section: its calls are the supplemental section `VariantAuctionTable`, a
PBN 2.1 table with the columns `Caller;Call`, one row per call in order (a call as in the Auction
section: `Pass`, `8S`). Its contract is not a PBN contract: Contract is empty (does not apply)
and the supplementary tag `VariantContract` holds it as the game writes it (`8S`: eight tricks,
spades trump); Declarer is the proclaimer, Result the tricks of the proclaimer's side, and the
Play section is as in bridge. Its alerts are not exported: PBN's notes belong to the Auction
section.

Memory Bridge: two games per record, both with the record's Board, the supplementary tag `Half`
`1` (the first half) and `2` (the second). Positions 0 and 1 are North and East; South and West
have no player, no hand (`-`) and no card in any trick (`-`), so each trick line holds two cards.
The first half: its hands; no auction and no contract (Declarer, Contract and Result empty: 13
tricks at no trump); the Play section from the non-dealer. The second half: its hands; its calls,
which two players make in turn and the Auction section's four columns cannot show, in
`VariantAuctionTable`; Declarer, Contract and Result as in bridge (`Pass` when both passed).
"""
from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence

from .bids import ALL_BIDS
from .variant import Variant
from .variants import VARIANTS
from .wire import AlertEntry, CallEntry, DealRecord, HandCards, TrickDoc

#: Directions by position (SPEC §16): 0 North, 1 East, 2 South, 3 West, and the tags naming their players.
DIRECTIONS = "NESW"
DIRECTION_NAMES = ("North", "East", "South", "West")
#: The seats of a PBN table.
SEATS = 4
#: The Mandatory Tag Set, in the order export format writes it.
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
                  "Deal", "Scoring", "Declarer", "Contract", "Result")
#: The end of every line in export format.
EOL = "\r\n"
#: The longest token the standard allows, a string's quotes included.
MAX_TOKEN = 255
#: Note references run from 1 to this.
MAX_NOTES = 32
#: Suits in the order a Deal hand lists them, ranks in the order within a suit.
SUIT_ORDER, RANK_ORDER = "SHDC", "AKQJT98765432"
#: The supplemental section that holds calls the Auction section cannot.
CALL_TABLE = "VariantAuctionTable"


def export_pbn(records: Sequence[DealRecord], names: Mapping[str, str], event: str, site: str,
               date: datetime.date | None) -> str:
    """`records` as one PBN 2.1 export-format file (the module docstring gives every rule): one
    game per record, two for a Memory Bridge record, in the order given. `names` maps uids to
    display names; `event`, `site` and `date` are every game's Event, Site and Date."""
    heading = {"Event": event, "Site": site, "Date": date.strftime("%Y.%m.%d") if date else "????.??.??"}
    lines = ["% PBN 2.1", "% EXPORT"]
    for number, game in enumerate(game for record in records for game in _games(record, names, heading)):
        lines += [""] * (number > 0) + game
    return "".join(line + EOL for line in lines)


def _games(record: DealRecord, names: Mapping[str, str], heading: Mapping[str, str]) -> list[list[str]]:
    """A record's games: one, or for a deal with a first half (Memory Bridge) one per half."""
    variant = VARIANTS[record["variant"]]
    first_half = record["firstHalf"]
    last = _game(record, variant, names, heading, hands=record["hands"], outcome=_outcome(record, variant),
                 supplementary=_supplementary(record, variant) | ({"Half": "2"} if first_half else {}),
                 sections=_sections(record, variant))
    if first_half is None:
        return [last]
    first = _game(record, variant, names, heading, hands=first_half["hands"],
                  outcome={"Declarer": "", "Contract": "", "Result": ""},
                  supplementary={"Variant": variant.name, "Half": "1"},
                  sections=_play_section(first_half["tricks"], variant))
    return [first, last]


def _game(record: DealRecord, variant: Variant, names: Mapping[str, str], heading: Mapping[str, str], *,
          hands: Sequence[HandCards], outcome: Mapping[str, str], supplementary: Mapping[str, str],
          sections: Sequence[str]) -> list[str]:
    """One game's lines: the mandatory tags (the Declarer, Contract and Result tags are `outcome`),
    the `supplementary` tags by name, then `sections`."""
    dealer = _first_caller(record, variant)
    players = [names.get(uid, uid) for uid in record["players"]] + [""] * (SEATS - variant.seats)
    board = record["board"]
    tags = {**heading, "Board": str(board if board is not None else record["number"]),
            **{DIRECTION_NAMES[p]: players[p] for p in range(SEATS)},
            "Dealer": DIRECTIONS[dealer], "Vulnerable": _vulnerable(record), "Deal": _deal(hands, dealer),
            "Scoring": "?", **outcome}
    return ([tag_pair(name, tags[name]) for name in MANDATORY_TAGS]
            + [tag_pair(name, value) for name, value in sorted(supplementary.items())] + list(sections))


def _supplementary(record: DealRecord, variant: Variant) -> dict[str, str]:
    """`Variant`; Floating Bridge's `PartnerCard` and `Partner`; a contract PBN cannot write as
    the game writes it (`VariantContract`)."""
    tags = {"Variant": variant.name}
    card, partner, contract = record["partnerCard"], record["partner"], record["contract"]
    if card is not None and partner is not None:
        tags |= {"PartnerCard": pbn_card(card), "Partner": DIRECTIONS[partner]}
    if contract is not None and not _pbn_ladder(variant):
        tags["VariantContract"] = contract["bid"] + (contract["doubled"] or "")
    return tags


def _outcome(record: DealRecord, variant: Variant) -> dict[str, str]:
    """The Declarer, Contract and Result tags of an auction's outcome: `Pass` when passed out; an
    empty Contract where the game's contracts are not PBN's."""
    contract = record["contract"]
    if contract is None:
        return {"Declarer": "", "Contract": "Pass", "Result": ""}
    tricks = record["result"]["declarerTricks"]
    assert tricks is not None  # a contract's deal that finished was played (or claimed) to its end
    text = contract["bid"] + (contract["doubled"] or "") if _pbn_ladder(variant) else ""
    return {"Declarer": DIRECTIONS[contract["declarer"]], "Contract": text, "Result": str(tricks)}


def _pbn_ladder(variant: Variant) -> bool:
    """The game bids PBN's bids, 1C-7NT in PBN's order, so PBN can write its calls and contracts."""
    return variant.auction.ladder == ALL_BIDS


def _sections(record: DealRecord, variant: Variant) -> list[str]:
    """The sections after the identification section: the Auction section where the game is a
    four-seat one bidding PBN's bids, else the calls in `VariantAuctionTable` (a supplemental
    section, after the Play section)."""
    play = _play_section(record["tricks"], variant)
    if variant.seats == SEATS and _pbn_ladder(variant):
        return _auction_section(record["bids"], record["alerts"], _first_caller(record, variant)) + play
    rows = [f"{DIRECTIONS[entry['position']]} {_call(entry)}" for entry in record["bids"]]
    return [*play, tag_pair(CALL_TABLE, "Caller;Call"), *rows]


def _first_caller(record: DealRecord, variant: Variant) -> int:
    """The position that calls first, the Dealer tag's: the dealer, or the seat the variant's
    `opener` says (Floating Bridge and TigerBridge: the player left of the dealer)."""
    return (record["dealer"] + variant.auction.opener) % variant.seats


def _auction_section(calls: Sequence[CallEntry], alerts: Sequence[AlertEntry], first: int) -> list[str]:
    """The Auction section: four calls a line from `first`, each alerted one followed by its note
    reference; `*` after an auction that did not end with three passes; the notes."""
    explained = {alert["call"]: alert["text"] for alert in alerts}
    notes: dict[str, int] = {}
    tokens = []
    for index, entry in enumerate(calls):
        tokens.append(_call(entry))
        if index in explained:
            note = notes.setdefault(explained[index], len(notes) + 1)
            tokens[-1] += f" ={note}=" if note <= MAX_NOTES else ""
    lines = [tag_pair("Auction", DIRECTIONS[first])]
    lines += [" ".join(tokens[i:i + SEATS]) for i in range(0, len(tokens), SEATS)]
    if [entry["bid"] for entry in calls[-3:]] != ["PASS"] * 3:
        lines.append("*")
    return lines + [tag_pair("Note", f"{note}:{text}") for text, note in notes.items() if note <= MAX_NOTES]


def _play_section(tricks: Sequence[TrickDoc], variant: Variant) -> list[str]:
    """The Play section, none if no card was played: one trick a line in columns clockwise from
    the first trick's leader, `-` for a seat without a card in it; `*` if tricks were left."""
    if not tricks:
        return []
    leader = tricks[0]["leader"]
    lines = [tag_pair("Play", DIRECTIONS[leader])]
    for trick in tricks:
        cards = {play["position"]: pbn_card(play["card"]) for play in trick["cards"]}
        lines.append(" ".join(cards.get((leader + i) % SEATS, "-") for i in range(SEATS)))
    if len(tricks) < variant.hand_size:
        lines.append("*")
    return lines


def _deal(hands: Sequence[HandCards], first: int) -> str:
    """The Deal tag: the hands clockwise from `first`, each `spades.hearts.diamonds.clubs` with
    ranks high to low; `-` for a seat without a hand."""
    def hand(position: int) -> str:
        if position >= len(hands):
            return "-"
        cards = hands[position]["cards"]
        return ".".join("".join(sorted((c[0] for c in cards if c[1] == suit), key=RANK_ORDER.index))
                        for suit in SUIT_ORDER)

    return DIRECTIONS[first] + ":" + " ".join(hand((first + i) % SEATS) for i in range(SEATS))


def _vulnerable(record: DealRecord) -> str:
    """The Vulnerable tag from the record's `vulnerable` sides (`{NS, EW}`), `None` without them.
    (Read whatever its declared type: records written before the field have none.)"""
    sides = record.get("vulnerable")
    if not isinstance(sides, dict):
        return "None"
    return {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}[
        (bool(sides["NS"]), bool(sides["EW"]))]


def _call(entry: CallEntry) -> str:
    """A call as PBN writes it: `Pass`, `X`, `XX`, or the bid."""
    return "Pass" if entry["bid"] == "PASS" else entry["bid"]


def pbn_card(card: str) -> str:
    """A card (its wire form) as PBN writes it, suit then rank: the wire's `AS` is `SA`."""
    return card[1] + card[0]


def tag_pair(name: str, value: str) -> str:
    """A tag pair as export format writes it: `[Name "value"]`, the value as a string token."""
    return f'[{name} "{_string(value)}"]'


def _string(text: str) -> str:
    """`text` as a string token's content: a backslash or a quote escaped with a backslash, a
    character that does not print as a space, cut where the token would pass `MAX_TOKEN` characters."""
    pieces: list[str] = []
    room = MAX_TOKEN - 2
    for char in text:
        piece = "\\" + char if char in '\\"' else char if char.isprintable() else " "
        room -= len(piece)
        if room < 0:
            break
        pieces.append(piece)
    return "".join(pieces)
