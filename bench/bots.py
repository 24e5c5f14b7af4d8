"""Four bot clients playing complete games through the callables, and the checks run on
every finished game.

Each bot is a thread with its own signed-in user. Like an app, a bot acts only on what it
may read: the public room document, with its own hand sealed in it, and its key (read over the
Firestore REST API as that user, so the security rules apply; the key once). A `Table` stands in for the four clients'
`onSnapshot` listeners: whoever changes the room re-reads it and hands the new document to
all four, so nobody polls. Moves are chosen by the small policy below (no engine import) among
what the server tells the bot it may do (docs/API.md "Legal actions"): the calls in the room
document's `legal`, the partner cards and the cards in its hand (`plays`); no rule of the game
is restated here.

One game, as four apps would play it: the host creates a room, sets `playAllTricks`,
invites the first joiner (a no-op for a public room, but a real call); the other three join
at once as soon as they see the room id and each toggles ready right after joining; the host
starts when all four are ready; the auction, the partner card and the play follow; at the
end each bot opens its hand, then all four leave at once (the last one deletes the room). A
game may be a match of several deals (`play_game(deals=…)`): between deals each bot opens its
hand for the checks and gets ready again, and the host deals the next once all four are.
"""
from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from common import CallError, Recorder, User, client, firestore_size, json_bytes, ms_since, new_player

from tests.table import told_cards

RANKS = "23456789TJQKA"
SUITS = "CDHS"
DECK = frozenset(rank + suit for suit in SUITS for rank in RANKS)
SEATS = 4
GAME_PHASES = ("bidding", "choosingTeammate", "playing")
MAX_ERRORS_IN_A_ROW = 3


# ---- how a call reaches the backend ------------------------------------------------------------

class Http:
    """Through the Functions emulator, exactly as an app calls a callable."""

    name = "http"

    def call(self, function: str, data: Any, user: User) -> Any:
        return client.call(function, data, user)


class InProcess:
    """Our handlers (`service.callables`) called directly in this process against the same
    Firestore emulator: no Functions emulator, no HTTP, no SDK request handling. The
    difference to `Http` is what the callable plumbing costs."""

    name = "in-process"

    def __init__(self) -> None:
        import os

        os.environ.setdefault("GCLOUD_PROJECT", client.PROJECT_ID)
        from bridge import BridgeError
        from service.endpoint import Call, Caller, TransactionExhausted
        from service.registry import ALL_CALLABLES

        self._handlers, self._call, self._caller = ALL_CALLABLES, Call, Caller
        self._bridge_error, self._contention = BridgeError, TransactionExhausted

    def call(self, function: str, data: Any, user: User) -> Any:
        try:
            call = self._call(self._caller(user.uid, None), function, json.loads(json.dumps(data)))
            result = self._handlers[function](call)
        except self._bridge_error as error:
            raise CallError(function, 400, error.status.upper().replace("-", "_"), error.message,
                            {"reason": error.reason.value}) from None
        except self._contention:
            raise CallError(function, 409, "ABORTED", "contention", {"reason": "CONTENTION"}) from None
        return json.loads(json.dumps(result))


# ---- choosing moves from what a player can see ------------------------------------------------

def choose_bid(calls: list[str], room: dict, hand: list[str], me: int, rng: random.Random) -> str:
    """Among the `calls` the bot is told it may make (`PASS` first, then each bid upwards): open
    at the one level in the longest suit (usually); overcall with the lowest bid, rarely, up to
    the three level; otherwise pass. Keeps auctions short and sometimes passes out (redeal)."""
    bids = [call for call in calls if call[0].isdigit()]
    highest = room["highestBid"]
    if highest is None:
        if rng.random() < 0.8:
            longest = max(SUITS, key=lambda s: (sum(c[1] == s for c in hand), s))
            return "1" + longest if "1" + longest in bids else "PASS"
        return "PASS"
    if highest["position"] != me and bids and int(bids[0][0]) <= 3 and rng.random() < 0.25:
        return bids[0]
    return "PASS"


def choose_partner_card(told: list[str]) -> str:
    """The highest card the declarer is told it may name (an ace, almost always)."""
    return max(told, key=lambda card: (RANKS.index(card[0]), SUITS.index(card[1])))


# ---- invariants of a finished game -----------------------------------------------------------

def trick_winner(cards: list[dict], trump: str | None) -> int:
    led = cards[0]["card"][1]
    best = cards[0]
    for play in cards[1:]:
        c, b = play["card"], best["card"]
        if (c[1] == b[1] and RANKS.index(c[0]) > RANKS.index(b[0])) or (c[1] == trump and b[1] != trump):
            best = play
    assert best["card"][1] in (led, trump)
    return best["position"]


def check_game(room: dict, hands: list[list[str]], number: int = 1, scores_before: dict | None = None) -> list[str]:
    """Every problem with deal `number` of a match, played out: cards, tricks, result, the match's
    scores (`scores_before` the match's scores before it, none for its first deal). `room` is the
    room document as the deal ended, `hands` the cards each hand sealed in it holds. [] when consistent."""
    problems = []
    contract, result = room["contract"], room["result"] or {}
    match = room.get("match") or {}
    last = number == match.get("deals")
    if room["status"] != ("ended" if last else "dealEnded") or not contract or result.get("abandonedBy"):
        return [f"not a played-out deal {number} of {match.get('deals')}: status {room['status']}"]
    trump, declarer = contract["trump"], contract["declarer"]
    tricks = room["tricks"]

    # All 52 cards: in completed tricks, the current trick, or someone's hand; once each.
    played = [p["card"] for t in tricks for p in t["cards"]]
    played += [p["card"] for p in (room["trick"] or {}).get("cards", [])]
    held = [c for h in hands for c in h]
    if len(played) + len(held) != 52 or set(played) | set(held) != DECK:
        problems.append(f"cards: {len(played)} played + {len(held)} held, {len(set(played) | set(held))} distinct")
    if [len(h) for h in hands] != room["handSizes"]:
        problems.append(f"handSizes {room['handSizes']} but hands hold {[len(h) for h in hands]}")
    if sum(room["handSizes"]) + 4 * len(tricks) != 52:
        problems.append(f"handSizes sum {sum(room['handSizes'])} + 4 x {len(tricks)} tricks != 52")

    # Tricks: four plays in seat order from the leader, the right winner, who leads next.
    leader = declarer if trump is None else (declarer + 1) % SEATS
    won = [0] * SEATS
    for i, trick in enumerate(tricks):
        positions = [p["position"] for p in trick["cards"]]
        if trick["leader"] != leader or positions != [(leader + k) % SEATS for k in range(SEATS)]:
            problems.append(f"trick {i}: leader {trick['leader']} (expected {leader}), order {positions}")
        winner = trick_winner(trick["cards"], trump)
        if trick.get("winner") != winner:
            problems.append(f"trick {i}: winner {trick.get('winner')}, expected {winner}")
        won[winner] += 1
        leader = winner
    if won != room["tricksWon"]:
        problems.append(f"tricksWon {room['tricksWon']}, counted {won}")

    # The partner: whoever played or holds the partner card.
    card = room["partnerCard"]
    partner = next((p["position"] for t in tricks for p in t["cards"] if p["card"] == card), None)
    if partner is None:
        partner = next((pos for pos, h in enumerate(hands) if card in h), None)
    if partner is None or partner == declarer:
        problems.append(f"partner card {card}: partner {partner}, declarer {declarer}")
    if result.get("partner") != partner or room["partnerPosition"] != partner:
        problems.append(f"partner {partner}, result says {result.get('partner')}, room {room['partnerPosition']}")

    # The result follows from the tricks and the targets.
    side = {declarer, partner}
    ours = sum(won[p] for p in side)
    theirs = len(tricks) - ours
    target, defender_target = contract["target"], contract["defenderTarget"]
    if (result.get("declarerTricks"), result.get("defenderTricks")) != (ours, theirs):
        problems.append(f"result tricks {result.get('declarerTricks')}/{result.get('defenderTricks')}, "
                        f"counted {ours}/{theirs}")
    made = ours >= target
    if result.get("made") != made:
        problems.append(f"made {result.get('made')}, but {ours} tricks vs target {target}")
    if room["settings"]["playAllTricks"]:
        if len(tricks) != 13:
            problems.append(f"playAllTricks but {len(tricks)} tricks")
    else:
        # SPEC §5.6: the deal stops at the first trick after which a side has reached its target
        # for every seat that may be the partner as far as the table can tell.
        ends = [i for i in range(1, len(tricks) + 1)
                if i == 13 or decided(tricks[:i], card, declarer, target, defender_target)]
        if not ends or ends[0] != len(tricks):
            problems.append(f"ended after {len(tricks)} tricks; the rule ends it after {ends[:1] or 'none'}")
    seating = room["seating"]
    expected_winners = {seating[p] for p in range(SEATS) if (p in side) == made}
    if set(result.get("winners", [])) != expected_winners or result.get("players") != seating:
        problems.append(f"winners {result.get('winners')}, expected {sorted(expected_winners)}")

    # SPEC §9: each deal of a match scored: each winner 1 point, or their side's tricks.
    points = 1 if room["settings"].get("scoring", "deals") == "deals" else (ours if made else theirs)
    before = scores_before or {}
    expected_scores = {uid: before.get(uid, 0) + (points if uid in expected_winners else 0) for uid in seating}
    if (match.get("dealNumber"), match.get("scores")) != (number, expected_scores):
        problems.append(f"match {match}, expected deal {number} scored {expected_scores}")
    return problems


def decided(tricks: list[dict], card: str, declarer: int, target: int, defender_target: int) -> bool:
    """After `tricks`, a side has reached its target whoever of the possible partners holds `card`:
    its player once played, else every seat but the declarer's not shown out of its suit."""
    played = [p["position"] for t in tricks for p in t["cards"] if p["card"] == card]
    shown_out = {p["position"] for t in tricks if t["cards"][0]["card"][1] == card[1]
                 for p in t["cards"] if p["card"][1] != card[1]}
    possible = played or [s for s in range(SEATS) if s != declarer and s not in shown_out]
    won = [sum(t["winner"] == s for t in tricks) for s in range(SEATS)]
    return all(won[declarer] + won[p] >= target or len(tricks) - won[declarer] - won[p] >= defender_target
               for p in possible)


# ---- one game ---------------------------------------------------------------------------------

class GameAborted(Exception):
    pass


@dataclass
class Player:
    """A bot's user and what it has seen over its games (for the account-stats check)."""

    user: User
    name: str
    rng: random.Random
    games: int = 0
    wins: int = 0


def new_users(players: list[Player]) -> list[Player]:
    """The same bots (names, random streams) as new users. A bot at full speed makes some 18 calls
    a game, several a second: past one person's allowance of calls (service/request_log.py: 120
    at once, then one every 0.5 s) within a few games. So a table of a benchmark that plays game
    after game plays each as new users, as many people would; their sign-ups come between games,
    outside the functions."""
    return [Player(new_player(p.name), p.name, p.rng) for p in players]


@dataclass
class GameReport:
    room_id: str | None = None
    wall_ms: float = 0.0
    moves: dict[str, int] = field(default_factory=dict)
    failed: str | None = None
    problems: list[str] = field(default_factory=list)
    max_json_bytes: int = 0
    max_firestore_bytes: int = 0
    #: The room document's size (Firestore's measure) by version, for each version a bot read.
    room_bytes: dict[int, int] = field(default_factory=dict)
    tricks: int = 0
    deals: int = 0
    final_room: dict | None = None

    @property
    def calls(self) -> int:
        return sum(self.moves.values())


class Table:
    """The latest room document as the four bots' listeners would deliver it."""

    def __init__(self, deadline: float) -> None:
        self.cond = threading.Condition()
        self.doc: dict | None = None
        self.room_id: str | None = None
        self.failed: str | None = None
        self.deadline = deadline
        #: Per deal of the match (1, 2, ...): the room document as it ended, and each hand then.
        self.ends: dict[int, dict] = {}
        self.hands: dict[int, list[list[str] | None]] = {}
        self.max_json = self.max_firestore = 0
        self.sizes: dict[int, int] = {}

    def publish(self, doc: dict) -> None:
        size_json, size_fs = json_bytes(doc), firestore_size(f"rooms/{self.room_id}", doc)
        with self.cond:
            self.max_json, self.max_firestore = max(self.max_json, size_json), max(self.max_firestore, size_fs)
            self.sizes[doc["version"]] = size_fs
            if self.doc is None or doc["version"] >= self.doc["version"]:
                self.doc = doc
            self.cond.notify_all()

    def fail(self, why: str) -> None:
        with self.cond:
            self.failed = self.failed or why
            self.cond.notify_all()

    def wait(self, ready: Callable[[dict], bool]) -> dict:
        with self.cond:
            while True:
                if self.failed:
                    raise GameAborted(self.failed)
                if self.doc is not None and ready(self.doc):
                    return self.doc
                remaining = self.deadline - time.monotonic()
                if remaining <= 0:
                    self.failed = "TIMEOUT"
                    self.cond.notify_all()
                    raise GameAborted("TIMEOUT")
                self.cond.wait(remaining)


def position(room: dict, uid: str) -> int:
    order = room.get("seating") or [p["uid"] for p in room["players"]]
    return order.index(uid)


def play_game(transport, players: list[Player], recorder: Recorder, play_all_tricks: bool,
              timeout_s: float = 120.0, deals: int = 1) -> GameReport:
    """One complete game (a match of `deals` deals at one table: between deals each bot gets
    ready again and the host deals the next) by four bot threads; returns what happened and the
    checks' findings on every deal."""
    table = Table(time.monotonic() + timeout_s)
    report = GameReport()
    moves: dict[str, int] = {}
    lock = threading.Lock()

    def act(bot: Player, function: str, data: dict) -> Any:
        """A call the bot means to succeed; errors are counted (then retried on fresh state)."""
        start = time.perf_counter()
        try:
            result = transport.call(function, data, bot.user)
        except CallError as error:
            recorder.error(f"{function}:{error.reason or error.status}")
            raise
        except client.ProtocolError as error:
            # Not the callable protocol: the Functions emulator answers 500 {"code": "ECONNRESET"}
            # when its keep-alive socket to a worker was closed under it (see RESULTS.md).
            reason = "EMULATOR_ECONNRESET" if "ECONNRESET" in str(error) else "PROTOCOL_ERROR"
            recorder.error(f"{function}:{reason}")
            raise CallError(function, 500, "INTERNAL", str(error), {"reason": reason}) from None
        finally:
            recorder.add(function, ms_since(start), start)
        with lock:
            moves[function] = moves.get(function, 0) + 1
        return result

    def read_room(bot: Player) -> dict:
        start = time.perf_counter()
        doc = client.read(f"rooms/{table.room_id}", bot.user)
        recorder.add("(read room)", ms_since(start), start)
        table.publish(doc)
        return doc

    def read_key(bot: Player) -> str:
        """The bot's key at the room (`rooms/{id}/keys/{uid}`), read once, as an app reads it."""
        start = time.perf_counter()
        key: str = client.read(f"rooms/{table.room_id}/keys/{bot.user.uid}", bot.user)["key"]
        recorder.add("(read key)", ms_since(start), start)
        return key

    def with_retries(bot: Player, attempt: Callable[[], Any], done: Callable[[dict], bool] | None = None) -> Any:
        """Run `attempt`; after an error re-read the room and, unless `done(room)` says the
        earlier attempt took effect after all, try again (a bounded number of times)."""
        for tries in range(1, MAX_ERRORS_IN_A_ROW + 1):
            if tries > 1 and done is not None and table.doc is not None and done(table.doc):
                return None
            try:
                return attempt()
            except CallError as error:
                if tries == MAX_ERRORS_IN_A_ROW:
                    table.fail(f"{error.function}: {error.reason} x{tries}")
                    raise GameAborted(table.failed) from None
                if table.room_id:
                    try:
                        read_room(bot)
                    except client.FirestoreError:
                        pass  # e.g. the room is gone after the last leave

    def bot_main(seat: int) -> None:
        bot = players[seat]
        uid = bot.user.uid

        def seated(d: dict) -> bool:
            return any(p["uid"] == uid for p in d["players"])

        def ready(d: dict) -> bool:
            return any(p["uid"] == uid and p["ready"] for p in d["players"])

        key: str | None = None

        def hand(room: dict) -> dict:
            """The bot's hand as sealed for it in `room`: its cards, the cards it may play to each
            trick (`plays`), the partner cards. Its key is read the first time."""
            nonlocal key
            key = key or read_key(bot)
            opened = client.hand_in(room, uid, key)
            assert opened is not None, "a bot of the bench is dealt in"
            return opened

        try:
            # Lobby.
            if seat == 0:
                room_id = with_retries(bot, lambda: act(bot, "createGameRoom", {})["roomID"])
                table.room_id = room_id
                with_retries(bot, lambda: act(bot, "updateRoomSettings", {"roomID": room_id, "settings": {
                    "playAllTricks": play_all_tricks, "deals": deals}}))
                with_retries(bot, lambda: act(bot, "inviteToRoom", {"roomID": room_id, "uid": players[1].user.uid}))
                read_room(bot)
            else:
                table.wait(lambda d: True)
            room_id = table.room_id
            if seat != 0:
                with_retries(bot, lambda: act(bot, "joinGameRoom", {"roomID": room_id}), done=seated)

            def get_ready_and_start(waiting: str) -> None:
                """Get ready; the host deals once all four are (the room leaves `waiting`)."""
                with_retries(bot, lambda: act(bot, "toggleReady", {"roomID": room_id}), done=ready)
                read_room(bot)
                if seat == 0:
                    table.wait(lambda d: len(d["players"]) == SEATS and all(p["ready"] for p in d["players"]))
                    with_retries(bot, lambda: act(bot, "startGame", {"expectedVersion": table.doc["version"]}),
                                 done=lambda d: d["status"] != waiting)
                    read_room(bot)

            get_ready_and_start("waiting")

            # The deals: act whenever the room says it is our turn; between deals, keep the deal's
            # end for the checks and get ready for the next.
            while True:
                doc = table.wait(lambda d: d["status"] == "ended" or (d["status"] == "dealEnded" and not ready(d))
                                 or (d["status"] in GAME_PHASES and d["turn"] == position(d, uid)))
                if doc["status"] in ("ended", "dealEnded"):
                    number = doc["match"]["dealNumber"]
                    with table.cond:
                        table.ends.setdefault(number, doc)
                    table.hands.setdefault(number, [None] * SEATS)[position(doc, uid)] = hand(doc)["cards"]
                    if doc["status"] == "ended":
                        break
                    get_ready_and_start("dealEnded")
                    continue

                def move() -> None:
                    room = table.doc
                    me = position(room, uid)
                    if room["status"] not in GAME_PHASES or room["turn"] != me:
                        return  # someone else's move landed meanwhile (only after an error)
                    # Like an app's listener on the room: its hand comes sealed in the same snapshot.
                    base = {"roomID": room_id, "expectedVersion": room["version"]}
                    if room["status"] == "bidding":
                        calls = room["legal"][me]["placeBid"]
                        act(bot, "placeBid", {**base, "bid": choose_bid(calls, room, hand(room)["cards"], me, bot.rng)})
                    else:
                        told = told_cards(hand(room), room, uid)
                        if room["status"] == "choosingTeammate":
                            act(bot, "chooseTeammate", {**base, "card": choose_partner_card(told)})
                        else:
                            act(bot, "playCard", {**base, "card": bot.rng.choice(sorted(told))})
                    read_room(bot)

                with_retries(bot, move)

            # The end: leave.
            result = table.doc["result"] or {}
            bot.games += 1
            bot.wins += uid in result.get("winners", [])
            with_retries(bot, lambda: act(bot, "leaveGameRoom", {"roomID": room_id}), done=lambda d: not seated(d))
        except GameAborted:
            pass
        except Exception as error:  # a protocol error or a bug in the bench: stop the game, say why
            table.fail(f"{type(error).__name__}: {error}")

    start = time.perf_counter()
    threads = [threading.Thread(target=bot_main, args=(seat,), daemon=True) for seat in range(SEATS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    report.wall_ms = ms_since(start)
    report.room_id, report.moves, report.failed = table.room_id, moves, table.failed
    report.max_json_bytes, report.max_firestore_bytes = table.max_json, table.max_firestore
    report.room_bytes = table.sizes
    report.final_room = table.doc
    if table.failed is None:
        report.tricks = len(table.doc["tricks"])
        report.deals = len(table.ends)
        scores: dict | None = None
        for number in range(1, deals + 1):
            end, hands = table.ends.get(number), table.hands.get(number)
            if end is None or hands is None or None in hands:
                report.problems.append(f"deal {number} of {deals}: its end was not seen by every bot")
                continue
            report.problems += [f"deal {number}: {p}" if deals > 1 else p
                                for p in check_game(end, cast(list[list[str]], hands), number, scores)]
            scores = end["match"]["scores"]
        if table.doc["match"]["deals"] != deals:
            report.problems.append(f"a match of {table.doc['match']['deals']} deals, {deals} asked for")
    return report


def check_accounts(players: list[Player]) -> list[str]:
    """Each player's account stats match the games it finished and won (accounts start at 0)."""
    problems = []
    for bot in players:
        stats = client.read(f"players/{bot.user.uid}", bot.user)["stats"]
        if (stats["gamesPlayed"], stats["gamesWon"], stats["gamesAbandoned"]) != (bot.games, bot.wins, 0):
            problems.append(f"{bot.name}: stats {stats}, expected played {bot.games} won {bot.wins}")
    return problems
