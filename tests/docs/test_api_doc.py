"""docs/API.md, the client contract, checked against the code (no emulators needed).

A client developer builds from docs/API.md alone, so it must not drift from what the server
does: every deployed function has its section, every reason the code can answer is in the
error table with the right code, every field the server writes to a room is documented, and
the example documents have exactly the fields the server writes.

The page's conventions these tests read:
- a function's section is a level-3 heading that is exactly its name in backticks;
- an error table is a Markdown table with columns headed `code` and `details.reason`;
- a field table is a Markdown table whose first column is headed `field`, naming fields by
  path (`contract.declarer`, `players[].uid`, `tricks[].cards[].card`, and `match.scores.{uid}`
  for the values of a map keyed by uid);
- a function's data table is its field table, with `required` or `optional` in a column.
"""
from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from bridge import Card, Reason, Room, Settings, documents, parse_call, wire
from bridge.event import Event, Form
from bridge.tournament import FieldScoring, Tournament
from bridge.values import evolve
from tests import client

ROOT = Path(__file__).resolve().parents[2]
API = ROOT / "docs" / "API.md"
MAIN = ROOT / "functions" / "main.py"

#: What an unexpected server failure answers (`service.endpoint.handle`); not a `Reason`.
INTERNAL = ("INTERNAL", "internal")
#: The rows every callable's error table must have: errors any call can answer (App Check where it
#: is enforced, and every caller's allowances: issue 33).
GENERIC_REASONS = {"UNAUTHENTICATED", "APP_CHECK_REQUIRED", "INVALID_ARGUMENT", "RATE_LIMITED", "CONTENTION",
                   "UNAVAILABLE", "INTERNAL"}
STATUSES = {"waiting", "firstHalf", "bidding", "choosingTeammate", "playing", "dealEnded", "ended"}
#: Fields whose keys are uids (SPEC §9): documented as one `path.{uid}` row, not one per player.
UID_MAPS = {"match.scores", "match.names", "scoreChanges"}
#: Maps keyed by side (`NS`, `EW`), and by kind of points, documented as `{side}` and `{kind}`.
SIDE_MAPS = {"match.sheet", "result.points", "result.unfinishedRubber"}
KIND_MAPS = {"result.points.{side}"}


# ---- the code: what is deployed, what the server writes ---------------------------------------

@cache
def deployed_functions() -> tuple[str, ...]:
    """`main.FUNCTION_NAMES`; if `main` cannot be imported here, the names read from its source."""
    try:
        import main
    except Exception:  # pragma: no cover - only where the Firebase SDKs cannot initialise
        source = MAIN.read_text(encoding="utf-8")
        callables = re.findall(r'^\w+\s*=\s*callable_function\(\s*"(\w+)"', source, re.M)
        imported = re.findall(r"^from service\.\w+ import (\w+)$", source, re.M)
        others = [name for name in imported if name[0].islower() and name != "callable_function"]
        return tuple(others + callables)
    return tuple(main.FUNCTION_NAMES)


@cache
def callables() -> dict[str, Any]:
    """Every callable's handler (`service.endpoint.Handler`), the events' and tournaments' included."""
    from service.registry import ALL_CALLABLES

    return ALL_CALLABLES


class _Ref:
    """Stands in for a Firestore document reference: a path, and sub-collections."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.id = path.rsplit("/", 1)[-1]

    def collection(self, name: str) -> _Collection:
        return _Collection(f"{self.path}/{name}")


class _Collection:
    def __init__(self, path: str) -> None:
        self.path = path

    def document(self, name: str) -> _Ref:
        return _Ref(f"{self.path}/{name}")


class _RecordingTransaction:
    """Records what `store.save_room` writes, by path, instead of committing it."""

    def __init__(self) -> None:
        self.written: dict[str, Any] = {}

    def set(self, ref: _Ref, data: dict) -> None:
        self.written[ref.path] = data

    def create(self, ref: _Ref, data: dict) -> None:
        self.written[ref.path] = data

    def update(self, ref: _Ref, data: dict) -> None:
        self.written.setdefault(ref.path, {}).update(data)

    def delete(self, ref: _Ref) -> None:
        self.written[ref.path] = None


def rooms_in_every_status() -> dict[str, Room]:
    """Rooms built with the engine, one per status and kind of end, from seeded deals: a match of
    two deals (SPEC §9), the first played out, the second abandoned in play or played out."""
    users, names = ["uidAnn", "uidBen", "uidCat", "uidDan"], ["Ann", "Ben", "Cat", "Dan"]
    play = random.Random(3)
    room = Room.create(users[0], names[0], Settings(deals=2)).invite(users[0], "uidEve")
    rooms = {"waiting": room}
    for uid, name in zip(users[1:], names[1:], strict=True):
        room = room.join(uid, name)
    for uid in users:
        room = room.toggle_ready(uid, entropy="4 8 15 16 23 42" if uid == users[1] else None)
    room = evolve(room, next_seed=bytes([1]) * 32).start(users[0])  # a seed of its own: the same deal every run
    rooms["bidding, no bid yet"] = room
    room = room.place_bid(to_act(room), room.deal.legal_bids()[1])
    rooms["bidding"] = room
    rooms["abandoned in the auction"] = room.leave(users[2])
    while room.status == "bidding":
        calls = room.deal.legal_bids()
        room = room.place_bid(to_act(room), calls[0 if room.deal.highest_bid else 1])
    rooms["choosingTeammate"] = room
    declarer = room.deal.contract.declarer
    card = room.deal.legal_partner_cards()[-1]
    assert card not in room.deal.hands[declarer]
    room = room.choose_partner(room.seats[declarer].uid, card)
    for n in range(1, 53):
        room = room.play_card(to_act(room), play.choice(room.deal.legal_cards()))
        if n == 6:  # a trick done and the next one under way
            rooms["playing"] = room
            rooms["abandoned in play"] = room.leave(users[0])
        if room.status != "playing":
            break
    rooms["dealEnded"] = room
    for uid in users:
        room = room.toggle_ready(uid)
    room = evolve(room, next_seed=bytes([2]) * 32).start(users[0])
    while room.status != "ended":
        deal = room.deal
        if room.status == "bidding":
            room = room.place_bid(to_act(room), deal.legal_bids()[0 if deal.highest_bid else 1])
        elif room.status == "choosingTeammate":
            room = room.choose_partner(to_act(room), deal.legal_partner_cards()[-1])
        else:
            room = room.play_card(to_act(room), play.choice(deal.legal_cards()))
    rooms["ended"] = room
    rooms.update(contract_rooms())
    assert {r.status for r in rooms.values()} == STATUSES
    return rooms


def contract_rooms() -> dict[str, Room]:
    """Contract bridge (SPEC §11): a doubled contract in play with the dummy shown, a rubber
    between deals, and a rubber abandoned after it."""
    users = ["uidAnn", "uidBen", "uidCat", "uidDan"]
    rng = random.Random(2)
    room = Room.create(users[0], "Ann", Settings.of(variant="contract", scoring="rubber", honours=True, deals=0))
    for uid in users[1:]:
        room = room.join(uid, uid[3:])
    for uid in users:
        room = room.toggle_ready(uid)
    room = room.start(users[0], rng)
    for text in ("4S", "X", "PASS", "PASS", "PASS"):
        room = room.place_bid(to_act(room), parse_call(text), rng, "for penalty" if text == "X" else None)
    room = room.play_card(to_act(room), room.deal.legal_cards()[0])
    rooms = {"contract: a doubled contract in play": room}
    while room.deal.trick.plays or len(room.deal.tricks) < 9:
        room = room.play_card(to_act(room), room.deal.legal_cards()[0])
    player = to_act(room)
    rooms["contract: an undo asked for"] = room.play_card(player, room.deal.legal_cards()[0]).request_undo(player)
    declarer, defender = room.deal.contract.declarer, room.deal.variant.left_of(room.deal.contract.declarer)
    room = room.claim(users[declarer], 2)
    rooms["contract: a claim open"] = room.answer_claim(users[defender], True)
    rooms["contract: a claim accepted"] = rooms["contract: a claim open"].answer_claim(
        users[room.deal.variant.left_of(declarer + 2)], True)
    room = room.answer_claim(users[defender], False)
    while room.status == "playing":
        room = room.play_card(to_act(room), room.deal.legal_cards()[0])
    rooms["contract: between deals"] = room
    for uid in users:
        room = room.toggle_ready(uid)
    rooms["contract: rubber abandoned"] = room.start(users[0], rng).leave(users[1])
    rooms.update(duplicate_rooms())
    return rooms


def duplicate_rooms() -> dict[str, Room]:
    """Duplicate scoring: a board passed out in a room of its own, a duplicate event's table in its
    first board's auction (docs/DUPLICATE.md) and a tournament's table (docs/TOURNAMENTS.md)."""
    users = ["uidAnn", "uidBen", "uidCat", "uidDan"]
    rng = random.Random(5)
    room = Room.create(users[0], "Ann", Settings(variant="contract", scoring="duplicate", deals=2))
    for uid in users[1:]:
        room = room.join(uid, uid[3:])
    for uid in users:
        room = room.toggle_ready(uid)
    room = room.start(users[0], rng)
    for _ in range(4):
        room = room.place_bid(to_act(room), parse_call("PASS"), rng)
    rooms = {"duplicate: a board passed out": room}
    event = Event.create("ev", "uidDir", Form.TEAMS, boards=2, rng=rng)
    for spot, uid in zip([s for s in event.spots if s.pair == 0], users, strict=True):
        event = event.join(uid, uid[3:], spot)
    for spot in event.spots:
        event = event.add_bot("uidDir", spot)[0] if event.entrant(spot) is None else event
    event, chains = event.start("uidDir")
    rooms["duplicate: an event's table"] = next(c[-1] for c in chains if c[-1].event and c[-1].event.table == 0)
    tournament = Tournament.create("t", game="contract", scoring=FieldScoring.IMPS, boards=2, opens_at=0,
                                   closes_at=3600, rng=rng)
    rooms["duplicate: a tournament's table"] = tournament.table(users[0], "Ann")
    rooms.update(tiger_rooms())
    rooms.update(memory_rooms())
    return rooms


def tiger_rooms() -> dict[str, Room]:
    """TigerBridge (docs/TIGER.md): a deal played out, between deals with its set points."""
    users = ["uidAnn", "uidBen", "uidCat", "uidDan"]
    rng = random.Random(6)
    room = Room.create(users[0], "Ann", Settings(variant="tiger", scoring="sets", deals=0))
    for uid in users[1:]:
        room = room.join(uid, uid[3:])
    for uid in users:
        room = room.toggle_ready(uid)
    room = room.start(users[0], rng)
    for text in ("5NT", "PASS", "PASS", "PASS"):
        room = room.place_bid(to_act(room), parse_call(text), rng)
    while room.status == "playing":
        room = room.play_card(to_act(room), room.deal.legal_cards()[0])
    return {"tiger: between deals": room}


def memory_rooms() -> dict[str, Room]:
    """Memory Bridge (docs/MEMORY.md): two seats, in the first half, in the second, and between deals."""
    rng = random.Random(8)
    room = Room.create("uidAnn", "Ann", Settings.of(variant="memory", scoring="target", deals=0, targetScore=5000))
    room = room.join("uidBen", "Ben").toggle_ready("uidAnn").toggle_ready("uidBen").start("uidAnn", rng)
    rooms = {"memory: first half": room.play_card(to_act(room), room.deal.legal_cards()[0])}
    while room.status == "firstHalf":
        room = room.play_card(to_act(room), room.deal.legal_cards()[0])
    for text in ("1NT", "PASS"):
        room = room.place_bid(to_act(room), parse_call(text), rng)
    rooms["memory: second half"] = room
    while room.status == "playing":
        room = room.play_card(to_act(room), room.deal.legal_cards()[0])
    rooms["memory: between deals"] = room
    return rooms


def to_act(room: Room) -> str:
    """The uid of the player to act in the room's deal."""
    return room.seats[room.deal.actor].uid


@cache
def stored_rooms() -> dict[str, dict]:
    """What `store.save_room` writes to `rooms/{roomID}` for each room (a new room, version 1)."""
    from service import store

    original, original_entrant = store.account_ref, store.entrant_ref
    store.account_ref = lambda uid: _Ref(f"players/{uid}")  # stats of an ended game: no client needed
    store.entrant_ref = lambda tournament, uid: _Ref(f"tournaments/{tournament}/entrants/{uid}")
    try:
        written = {}
        for label, room in rooms_in_every_status().items():
            txn = _RecordingTransaction()
            store.save_room(txn, _Ref("rooms/r"), None, room)
            written[label] = txn.written["rooms/r"]
        return written
    finally:
        store.account_ref, store.entrant_ref = original, original_entrant


def field_paths(value: Any, prefix: str = "") -> Iterator[str]:
    """Every field path in a document: `contract`, `contract.declarer`, `players[].uid` … and
    `match.scores.{uid}` for every entry of a map keyed by uid (`UID_MAPS`)."""
    if isinstance(value, dict):
        for name, inner in value.items():
            if prefix in UID_MAPS:
                path = f"{prefix}.{{uid}}"
            elif prefix in SIDE_MAPS or prefix in KIND_MAPS:
                path = f"{prefix}.{{{'side' if prefix in SIDE_MAPS else 'kind'}}}"
            else:
                path = f"{prefix}.{name}" if prefix else name
            yield path
            yield from field_paths(inner, path)
    elif isinstance(value, list):
        for item in value:
            yield from field_paths(item, f"{prefix}[]")


# ---- the page: sections and tables ------------------------------------------------------------

@cache
def page() -> str:
    return API.read_text(encoding="utf-8")


def _lines_outside_code(text: str) -> Iterator[tuple[str, bool]]:
    """Each line with whether it is outside a fenced code block."""
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            yield line, False
            continue
        yield line, not fenced


def sections(text: str, level: int) -> list[tuple[str, str]]:
    """(title, body) of every heading of `level`; the body runs to the next heading of that
    level or above, so it includes its subsections."""
    found: list[tuple[str, list[str]]] = []
    for line, outside in _lines_outside_code(text):
        m = re.match(r"(#{1,6}) (.+)$", line) if outside else None
        if m and len(m.group(1)) <= level:
            if len(m.group(1)) == level:
                found.append((m.group(2).strip(), []))
                continue
            found.append(("", []))  # a higher heading closes the section
            continue
        if found:
            found[-1][1].append(line)
    return [(title, "\n".join(body)) for title, body in found if title]


def section(title: str, level: int) -> str:
    matches = [body for t, body in sections(page(), level) if t == title]
    assert len(matches) == 1, f"docs/API.md needs exactly one {'#' * level} {title} section, has {len(matches)}"
    return matches[0]


def tables(text: str) -> list[list[list[str]]]:
    """Markdown tables as rows of cells (header first, separator row dropped), code blocks skipped."""
    found, current = [], []
    for line, outside in _lines_outside_code(text):
        if outside and line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", cell) for cell in cells):
                current.append(cells)
            continue
        if current:
            found.append(current)
            current = []
    if current:
        found.append(current)
    return found


def plain(cell: str) -> str:
    return cell.replace("`", "").strip()


def error_rows(text: str) -> list[tuple[str, str]]:
    """(reason, code) of every row of every error table in `text`."""
    rows = []
    for table in tables(text):
        header = [plain(h).lower() for h in table[0]]
        reason = next((i for i, h in enumerate(header) if h == "details.reason"), None)
        code = next((i for i, h in enumerate(header) if h == "code"), None)
        if reason is None or code is None:
            continue
        rows += [(plain(row[reason]), plain(row[code])) for row in table[1:]]
    return rows


def field_rows(text: str) -> list[list[str]]:
    """Every row of every field table in `text` (cells without backticks)."""
    return [[plain(cell) for cell in row] for table in tables(text)
            if plain(table[0][0]).lower() == "field" for row in table[1:]]


def function_sections() -> dict[str, list[str]]:
    """Function name -> the bodies of its sections (level-3 headings that are just `name`)."""
    found: dict[str, list[str]] = {}
    for title, body in sections(page(), 3):
        if m := re.fullmatch(r"`([^`]+)`", title):
            found.setdefault(m.group(1), []).append(body)
    return found


def function_section(name: str) -> str:
    bodies = function_sections().get(name, [])
    assert len(bodies) == 1, f"docs/API.md needs exactly one ### `{name}` section, has {len(bodies)}"
    return bodies[0]


@cache
def error_table() -> dict[str, str]:
    """The full error table: reason -> code."""
    rows = error_rows(section("Error reasons", 2))
    reasons = [reason for reason, _ in rows]
    assert len(reasons) == len(set(reasons)), f"a reason appears twice in the error table: {reasons}"
    return dict(rows)


def room_section() -> str:
    return next(body for title, body in sections(page(), 3) if title.startswith("Room document"))


# ---- functions --------------------------------------------------------------------------------

def test_every_deployed_function_has_exactly_one_section():
    documented = function_sections()
    for name in deployed_functions():
        assert len(documented.get(name, [])) == 1, \
            f"{name} is deployed (functions/main.py) but has {len(documented.get(name, []))} ### `{name}` sections"


def test_every_function_section_names_a_deployed_function():
    unknown = set(function_sections()) - set(deployed_functions())
    assert not unknown, f"docs/API.md documents functions that functions/main.py does not deploy: {sorted(unknown)}"


def test_the_function_summary_lists_every_deployed_function():
    summary = next(t for t in tables(section("Functions", 2)) if plain(t[0][0]) == "function")
    listed = {re.sub(r"\[(.*?)\]\(.*?\)", r"\1", plain(row[0])) for row in summary[1:]}
    assert listed == set(deployed_functions())


#: How a data table's type column names a JSON Schema type other than by the type's own name.
DOCUMENTED_TYPES = {"array of uids": "array"}


def test_every_callable_data_table_is_the_request_it_takes():
    """Each callable's data table names exactly the fields of the request its handler takes (as
    `service.payloads` declares it, which is what the server parses), each `required` or
    `optional` as declared and of the JSON type the request's schema gives it."""
    for name, handler in callables().items():
        request = handler.request
        declared = {field: ("required" if field in request.required else "optional", value.schema["type"])
                    for field, (_, value) in request.wire_fields.items()}
        rows = field_rows(function_section(name))
        documented = {row[0]: (next((c for c in row if c in ("required", "optional")), "?"),
                               DOCUMENTED_TYPES.get(row[1], row[1])) for row in rows}
        assert documented == declared, f"{name}: the data table says {documented}, the request is {declared}"


def test_every_callable_section_lists_the_errors_any_call_can_answer():
    for name in callables():
        reasons = {reason for reason, _ in error_rows(function_section(name))}
        assert GENERIC_REASONS <= reasons, f"{name}: its error table lacks {sorted(GENERIC_REASONS - reasons)}"


# ---- errors -----------------------------------------------------------------------------------

def test_every_reason_the_code_can_answer_is_in_the_error_table_with_its_code():
    table = error_table()
    expected = {reason.value: reason.status for reason in Reason} | dict([INTERNAL])
    for reason, code in expected.items():
        assert reason in table, f"{reason} is missing from the error table (## Error reasons)"
        assert table[reason] == code, f"{reason} is `{code}` in the code, `{table[reason]}` in the error table"


def test_the_error_table_lists_only_reasons_the_code_can_answer():
    known = {reason.value for reason in Reason} | {INTERNAL[0]}
    assert set(error_table()) <= known, f"not reasons of the code: {sorted(set(error_table()) - known)}"


def test_every_reason_in_a_function_error_table_is_in_the_error_table_with_the_same_code():
    table = error_table()
    bodies = [body for found in function_sections().values() for body in found]
    bodies.append(section("Calling the backend", 2))
    for body in bodies:
        for reason, code in error_rows(body):
            assert reason in table, f"{reason} (code {code}) is not in the error table"
            assert code == table[reason], \
                f"{reason} is `{code}` in a function's table, `{table[reason]}` in the error table"


def test_the_error_table_gives_the_http_status_the_sdk_sends_for_each_code():
    from firebase_functions import https_fn

    statuses = https_fn._error_code_map  # the SDK's own code -> HTTP status map (private: fails loudly if it moves)
    table = next(t for t in tables(section("Error reasons", 2)) if plain(t[0][0]) == "details.reason")
    header = [plain(h) for h in table[0]]
    code, http = header.index("code"), header.index("HTTP")
    for row in table[1:]:
        expected = statuses[https_fn.FunctionsErrorCode(plain(row[code]))].status
        assert int(plain(row[http])) == expected, f"{plain(row[0])}: HTTP {plain(row[http])}, the SDK sends {expected}"


# ---- documents --------------------------------------------------------------------------------

def test_every_room_document_field_public_room_produces_is_in_the_room_field_table():
    documented = {row[0] for row in field_rows(room_section())}
    for label, room in rooms_in_every_status().items():
        missing = set(field_paths(documents.public_room(room))) - documented
        assert not missing, f"room fields of bridge.documents.public_room ({label}) not documented: {sorted(missing)}"


def test_every_room_document_field_the_server_writes_is_in_the_room_field_table():
    """What `store.save_room` writes: `public_room` plus `version`, `createdAt`, `updatedAt`."""
    documented = {row[0] for row in field_rows(room_section())}
    for label, stored in stored_rooms().items():
        missing = set(field_paths(stored)) - documented
        assert not missing, f"room fields written ({label}) but not documented: {sorted(missing)}"


def test_every_field_in_the_room_field_table_is_one_the_server_writes():
    written = {path for stored in stored_rooms().values() for path in field_paths(stored)}
    stale = {row[0] for row in field_rows(room_section())} - written
    assert not stale, f"documented room fields the server never writes: {sorted(stale)}"


def test_every_example_room_document_has_exactly_the_fields_the_server_writes():
    examples = [json.loads(block) for block in re.findall(r"```json\n(.*?)\n```", room_section(), re.S)]
    top_level = set(next(iter(stored_rooms().values())))
    documented = {row[0] for row in field_rows(room_section())}
    assert {example["status"] for example in examples} == STATUSES, "one example per status"
    ended = [example["result"]["abandonedBy"] is None for example in examples if example["status"] == "ended"]
    assert sorted(ended) == [False, True], "one ended example played out, one abandoned"
    for example in examples:
        assert set(example) == top_level, f"{example['status']} example: fields {sorted(set(example) ^ top_level)}"
        assert set(field_paths(example)) <= documented, sorted(set(field_paths(example)) - documented)


def test_the_account_the_hand_and_the_key_are_documented():
    from service.accounts import account_document

    account = section("Account document: `players/{uid}`", 3)
    assert {row[0] for row in field_rows(account)} == set(field_paths(account_document("uidAnn", None)))
    hands = documents.hand_views(rooms_in_every_status()["playing"])
    hand = section("Your hand: sealed in the room document", 3)
    assert {row[0] for row in field_rows(hand)} == {path for doc in hands.values() for path in field_paths(doc)}
    key = section("Key document: `rooms/{roomID}/keys/{uid}`", 3)
    assert {row[0] for row in field_rows(key)} == set(wire.KeyDocument.__annotations__)


def test_the_sealed_hand_of_the_example_opens_with_its_key_to_the_example_and_its_bytes():
    """The key and seal "Your hand" gives open, as its steps say (`tests.client.open_hand`, written
    from them), to its example hand; the server's bytes of that hand (`documents.hand_bytes`) are the
    hex it gives, and `service.sealing` seals them so that the same steps open them."""
    from service import sealing

    hand = section("Your hand: sealed in the room document", 3)
    key = re.search(r"the key\s+`([A-Za-z0-9+/=]{44})`\s+opens", hand).group(1)
    sealed = re.search(r"```text\n([A-Za-z0-9+/=]+)\n```", hand).group(1)
    plain = re.search(r"its 50 bytes in hex:\n?\s*`([0-9a-f]{100})`", hand).group(1)
    example = json.loads(re.search(r"```json\n(.*?)\n```", hand, re.S).group(1))
    assert client.open_hand(sealed, key) == example
    assert documents.hand_bytes(example).hex() == plain
    assert client.open_hand(sealing.seal(key, bytes.fromhex(plain)), key) == example


def test_the_deal_record_is_documented():
    """The deal record section's field table is exactly the fields `documents.deal_record` writes
    for a finished deal that leaves the match going on (`dealEnded`) and for the match's last one
    (`ended`); its example has exactly those fields. Unfinished and abandoned deals have none."""
    rooms = rooms_in_every_status()
    records = [documents.deal_record(rooms[label])
               for label in ("dealEnded", "ended", "contract: between deals", "memory: between deals",
                             "contract: a claim accepted")]
    assert all(records), "a played-out deal has a deal record"
    # The analysis trigger adds `analysis` after the deal (SPEC §16): as bridge.analysis writes it,
    # or, past a person's allowance, `analysis: null` and `analysisSkipped` (service.analysis).
    from bridge.analysis import TABLE_NODES, analyse
    from service.analysis import SKIPPED

    # Contract bridge's whole (its par needs every cell); a small ceiling for the rest: null cells.
    analysed = [{**record, "analysis": analyse(record, TABLE_NODES if record["variant"] == "contract" else 20_000)}
                for record in records]
    skipped = {**records[0], "analysis": None, "analysisSkipped": SKIPPED}
    written = {path for record in [*analysed, skipped] for path in field_paths(record)}
    record = section("Deal record: `rooms/{roomID}/deals/{n}`", 3)
    assert {row[0] for row in field_rows(record)} == written
    examples = [json.loads(block) for block in re.findall(r"```json\n(.*?)\n```", record, re.S)]
    assert len(examples) == 1, "one example deal record"
    assert set(examples[0]) == set(analysed[0]), sorted(set(examples[0]) ^ set(analysed[0]))
    assert set(field_paths(examples[0])) <= written, sorted(set(field_paths(examples[0])) - written)
    unfinished = ("waiting", "bidding", "choosingTeammate", "playing", "abandoned in the auction", "abandoned in play")
    assert [label for label in unfinished if documents.deal_record(rooms[label]) is not None] == []


def test_the_example_cards_and_bids_are_in_the_wire_form():
    """Every card and bid in the room examples parses as the server parses requests."""
    from bridge import parse_call

    for block in re.findall(r"```json\n(.*?)\n```", room_section(), re.S):
        example = json.loads(block)
        for entry in example["bids"]:
            parse_call(entry["bid"])
        for trick in [*(example["tricks"]), *([example["trick"]] if example["trick"] else [])]:
            for play in trick["cards"]:
                Card.parse(play["card"])
