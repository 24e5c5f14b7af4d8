"""The SPEC §4 callables. Each parses its request, then runs one transaction that reads what
it needs, applies the engine, and writes the new state (see `store`) together with the entry
of the caller's request log that makes a resent action harmless (SPEC §8, `request_log`): for a
move at a table, kept in the table's state document."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from bridge import BridgeError, Reason, Room, Settings
from bridge.audience import Audience
from bridge.pbn import export_pbn
from bridge.wire import (
    AddBotAnswer,
    ClaimAnswer,
    CreateGameRoomAnswer,
    ExportDealsAnswer,
    SendMessageAnswer,
    Success,
    ToggleReadyAnswer,
    UpdateProfileAnswer,
)

from . import accounts, payloads, store
from .endpoint import Call, Caller, Handler, takes
from .store import Applied, Data

SUCCESS: Success = {"success": True}
Answer = TypeVar("Answer")


def require_free(txn: store.Transaction, account: Data | None, returning: str | None = None) -> None:
    """One seat per person, everywhere (SPEC §5.8): a player sits in one room at a time, and holds
    no spot in a duplicate event meanwhile (from joining it to leaving it or its end: its tables
    are rooms too). An ended room or event, or a deleted one, no longer counts. `returning`: the
    room the caller's `roomID` may name without counting (joinGameRoom of that room)."""
    room_id, event_id = (account or {}).get("roomID"), (account or {}).get("eventID")
    if room_id is not None and room_id != returning and store.room_status(txn, room_id) not in (None, "ended"):
        raise BridgeError(Reason.ALREADY_IN_ROOM, "You are already in a room; leave it first.")
    if event_id is not None and store.event_statuses(txn, [event_id])[0] not in (None, "ended"):
        raise BridgeError(Reason.ALREADY_IN_ROOM, "You have a spot in a duplicate event; leave it first (leaveEvent).")


def write_account(txn: store.Transaction, caller: Caller, account: Data | None, changes: Data) -> None:
    """Change the caller's account, creating it (with `changes`) if no trigger made it."""
    if account is None:
        txn.create(accounts.account_ref(caller.uid), {**accounts.account_document(caller.uid, caller.name), **changes})
    else:
        txn.update(accounts.account_ref(caller.uid), changes)


def display_name(caller: Caller, account: Data | None) -> str:
    if account is not None:
        name: str = account["displayName"]
        return name
    return accounts.display_name_for(caller.uid, caller.name)


def _room_move(call: Call, request: payloads.RoomMove, move: Callable[[Room], Room],
               answer: Callable[[Room], Answer]) -> Answer:
    """The common shape of a move at a table: one engine move of the room, its log kept with the
    room (`store.run_room_move`); `answer` is what the caller is told, given the new room."""
    return store.run_room_move(call.action(request.request_id), request.room_id, request.expected_version, move,
                               answer)


@takes(payloads.CreateGameRoomRequest)
def create_game_room(call: Call, request: payloads.CreateGameRoomRequest) -> CreateGameRoomAnswer:
    settings = Settings().with_changes(request.settings or {})
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[CreateGameRoomAnswer]:
        account = store.read_account(txn, caller.uid)
        require_free(txn, account)
        ref = store.room_ref_new()
        store.save_room(txn, ref, None, Room.create(caller.uid, display_name(caller, account), settings))
        write_account(txn, caller, account, {"roomID": ref.id})
        return Applied(ref.id, {"roomID": ref.id})

    return store.run_action(call.action(request.request_id), body, [accounts.account_ref(caller.uid)])


@takes(payloads.RoomRequest)
def join_game_room(call: Call, request: payloads.RoomRequest) -> Success:
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[Success]:
        account = store.read_account(txn, caller.uid)
        require_free(txn, account, returning=request.room_id)
        before, audience = store.load_with_audience(txn, request.room_id, request.expected_version, caller.uid)
        room, audience = audience.join(before.room, caller.uid, display_name(caller, account))
        store.save_room(txn, before.ref, before, room, audience)
        write_account(txn, caller, account, {"roomID": request.room_id})
        return Applied(request.room_id, SUCCESS)

    return store.run_action(call.action(request.request_id), body,
                            [accounts.account_ref(caller.uid), *store.audience_reads(request.room_id)])


@takes(payloads.RoomRequest)
def leave_game_room(call: Call, request: payloads.RoomRequest) -> None:
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[None]:
        account = store.read_account(txn, caller.uid)
        before = store.load_room(txn, request.room_id, request.expected_version, caller.uid)
        store.save_room(txn, before.ref, before, before.room.leave(caller.uid))
        # A member of an ended room may already sit in another room: leave that pointer alone.
        if account is not None and account.get("roomID") == request.room_id:
            write_account(txn, caller, account, {"roomID": None})
        return Applied(request.room_id, None)

    return store.run_action(call.action(request.request_id), body,
                            [accounts.account_ref(caller.uid), *store.room_reads(request.room_id)])


@takes(payloads.ToggleReadyRequest)
def toggle_ready(call: Call, request: payloads.ToggleReadyRequest) -> ToggleReadyAnswer:
    uid = call.caller.uid

    def answer(room: Room) -> ToggleReadyAnswer:
        return {"success": True, "ready": any(seat.ready for seat in room.seats if seat.uid == uid)}

    return _room_move(call, request, lambda room: room.toggle_ready(uid, request.entropy), answer)


@takes(payloads.StartGameRequest)
def start_game(call: Call, request: payloads.StartGameRequest) -> Success:
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[Success]:
        room_id = (store.read_account(txn, caller.uid) or {}).get("roomID")
        if room_id is None:
            raise BridgeError(Reason.NOT_IN_ROOM, "You are not in a room.")
        before = store.load_room(txn, room_id, request.expected_version, caller.uid)
        store.save_room(txn, before.ref, before, before.room.start(caller.uid))
        return Applied(room_id, SUCCESS)

    return store.run_action(call.action(request.request_id), body, [accounts.account_ref(caller.uid)])


@takes(payloads.PlaceBidRequest)
def place_bid(call: Call, request: payloads.PlaceBidRequest) -> None:
    uid = call.caller.uid
    return _room_move(call, request, lambda room: room.place_bid(uid, request.call, alert=request.alert),
                      lambda room: None)


@takes(payloads.CardRequest)
def choose_teammate(call: Call, request: payloads.CardRequest) -> None:
    uid = call.caller.uid
    return _room_move(call, request, lambda room: room.choose_partner(uid, request.card), lambda room: None)


@takes(payloads.CardRequest)
def play_card(call: Call, request: payloads.CardRequest) -> Success:
    uid = call.caller.uid
    return _room_move(call, request, lambda room: room.play_card(uid, request.card), lambda room: SUCCESS)


@takes(payloads.ClaimRequest)
def claim(call: Call, request: payloads.ClaimRequest) -> ClaimAnswer:
    """SPEC §15: the declarer claims tricks; bot opponents answer in the same transaction. A bot's
    rejection leaves the room as it was: the answer says so."""
    uid = call.caller.uid

    def answer(room: Room) -> ClaimAnswer:
        deal = room.deal
        claim = deal.claim if deal else None
        return {"success": True, "claim": "rejected" if claim is None else "accepted" if deal and deal.is_finished
                else "open"}

    return _room_move(call, request, lambda room: room.claim(uid, request.tricks), answer)


@takes(payloads.RespondRequest)
def respond_claim(call: Call, request: payloads.RespondRequest) -> Success:
    uid = call.caller.uid
    return _room_move(call, request, lambda room: room.answer_claim(uid, request.accept), lambda room: SUCCESS)


@takes(payloads.RoomRequest)
def request_undo(call: Call, request: payloads.RoomRequest) -> Success:
    """SPEC §15: take back my last action, once the other side agrees (bots agree at once)."""
    uid = call.caller.uid
    return _room_move(call, request, lambda room: room.request_undo(uid), lambda room: SUCCESS)


@takes(payloads.RespondRequest)
def respond_undo(call: Call, request: payloads.RespondRequest) -> Success:
    uid = call.caller.uid
    return _room_move(call, request, lambda room: room.answer_undo(uid, request.accept), lambda room: SUCCESS)


@takes(payloads.InviteToRoomRequest)
def invite_to_room(call: Call, request: payloads.InviteToRoomRequest) -> Success:
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[Success]:
        before, audience = store.load_with_audience(txn, request.room_id, request.expected_version, caller.uid)
        room, audience = audience.invite(before.room, caller.uid, request.target)
        if store.read_account(txn, request.target) is None:
            raise BridgeError(Reason.PLAYER_NOT_FOUND, "No player has that uid.")
        store.save_room(txn, before.ref, before, room, audience)
        return Applied(request.room_id, SUCCESS)

    return store.run_action(call.action(request.request_id), body, store.audience_reads(request.room_id))


@takes(payloads.RoomRequest)
def add_bot(call: Call, request: payloads.RoomRequest) -> AddBotAnswer:
    """SPEC §10: the host seats a bot; the answer names its uid."""
    uid = call.caller.uid

    def answer(room: Room) -> AddBotAnswer:
        return {"success": True, "uid": room.seats[-1].uid}

    return _room_move(call, request, lambda room: room.add_bot(uid), answer)


@takes(payloads.RoomRequest)
def claim_timeout(call: Call, request: payloads.RoomRequest) -> Success:
    """SPEC §10: after the turn deadline, any member has the server move for the idle player."""
    uid = call.caller.uid
    now = time.time()
    return _room_move(call, request, lambda room: room.claim_timeout(uid, now), lambda room: SUCCESS)


@takes(payloads.RemoveRequest)
def remove_bot(call: Call, request: payloads.RemoveRequest) -> Success:
    uid = call.caller.uid
    return _room_move(call, request, lambda room: room.remove_bot(uid, request.target), lambda room: SUCCESS)


#: PBN's Site tag for every export.
PBN_SITE = "Floating Bridge backend (Firebase)"


@takes(payloads.ExportDealsRequest)
def export_deals(call: Call, request: payloads.ExportDealsRequest) -> ExportDealsAnswer:
    """SPEC §16: the room's finished deals as PBN, for whoever may read their records. It changes no
    game document and takes no `requestID`; each export spends the caller's allowances
    (`request_log.EXPORTS`: it reads every record of the room)."""

    def body(txn: store.Transaction) -> Applied[ExportDealsAnswer]:
        stored, records = store.deal_records(txn, request.room_id, call.caller.uid)
        match = stored.room.match
        created = stored.created_at.date() if stored.created_at is not None else None
        text = export_pbn(records, match.names if match else {}, f"Room {request.room_id}", PBN_SITE, created)
        return Applied(request.room_id, {"text": text})

    return store.run_action(call.action(None), body, store.room_reads(request.room_id))


def _audience_move(call: Call, request: payloads.RoomRequest,
                   move: Callable[[Room, Audience], Audience]) -> Success:
    """A move of the room's audience alone (`bridge.audience`): the room is read, never written,
    so its `version` does not move and no player's call waits for it or is refused as stale."""

    def body(txn: store.Transaction) -> Applied[Success]:
        before, audience = store.load_with_audience(txn, request.room_id, request.expected_version, call.caller.uid)
        store.save_room(txn, before.ref, before, before.room, move(before.room, audience))
        return Applied(request.room_id, SUCCESS)

    return store.run_action(call.action(request.request_id), body, store.watch_reads(request.room_id))


@takes(payloads.RoomRequest)
def watch_room(call: Call, request: payloads.RoomRequest) -> Success:
    """SPEC §13: a signed-in user who is not seated watches the room."""
    uid = call.caller.uid
    return _audience_move(call, request, lambda room, audience: audience.watch(room, uid))


@takes(payloads.RoomRequest)
def stop_watching(call: Call, request: payloads.RoomRequest) -> Success:
    uid = call.caller.uid
    return _audience_move(call, request, lambda room, audience: audience.stop_watching(uid))


@takes(payloads.RemoveRequest)
def kick_player(call: Call, request: payloads.RemoveRequest) -> Success:
    """SPEC §13: the host removes a spectator (at any time) or a seated player (between deals),
    who may not come back; a removed player's account no longer points at the room."""
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[Success]:
        before, audience = store.load_with_audience(txn, request.room_id, request.expected_version, caller.uid)
        room, audience = audience.kick(before.room, caller.uid, request.target)
        account = store.read_account(txn, request.target)
        store.save_room(txn, before.ref, before, room, audience)
        if account is not None and account.get("roomID") == request.room_id:
            txn.update(accounts.account_ref(request.target), {"roomID": None})
        return Applied(request.room_id, SUCCESS)

    return store.run_action(call.action(request.request_id), body, store.audience_reads(request.room_id))


@takes(payloads.SendMessageRequest)
def send_message(call: Call, request: payloads.SendMessageRequest) -> SendMessageAnswer:
    """SPEC §13: a player or spectator says something at the table. The room itself (and its
    version) does not change: the message and the chat's bookkeeping are documents of their own."""
    caller = call.caller
    now = time.time()

    def body(txn: store.Transaction) -> Applied[SendMessageAnswer]:
        before, audience = store.load_with_audience(txn, request.room_id, None, caller.uid)
        name = audience.speaker(before.room, caller.uid)
        chat = store.read_chat(txn, before.ref)
        if name is None:  # a spectator: the name on their account
            name = display_name(caller, store.read_account(txn, caller.uid))
        message_id = store.send_message(txn, before.ref, chat, caller.uid, name, request.text, now)
        return Applied(request.room_id, {"success": True, "messageID": message_id})

    return store.run_action(call.action(request.request_id), body, store.audience_reads(request.room_id))


@takes(payloads.UpdateRoomSettingsRequest)
def update_room_settings(call: Call, request: payloads.UpdateRoomSettingsRequest) -> Success:
    uid = call.caller.uid
    return _room_move(call, request, lambda room: room.update_settings(uid, request.changes), lambda room: SUCCESS)


@takes(payloads.UpdateProfileRequest)
def update_profile(call: Call, request: payloads.UpdateProfileRequest) -> UpdateProfileAnswer:
    """SPEC §14: the caller's display name, on their account and at their seat in their current
    room (unless it has ended), in one transaction."""
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[UpdateProfileAnswer]:
        account = store.read_account(txn, caller.uid)
        room_id = (account or {}).get("roomID")
        if room_id is not None and store.room_status(txn, room_id) not in (None, "ended"):
            before = store.load_room(txn, room_id, None, caller.uid)
            if before.room.position_of(caller.uid) is not None:
                store.save_room(txn, before.ref, before, before.room.rename(caller.uid, request.display_name))
        if account is None or account["displayName"] != request.display_name:
            write_account(txn, caller, account, {"displayName": request.display_name})
        return Applied(room_id or "", {"success": True, "displayName": request.display_name})

    return store.run_action(call.action(request.request_id), body, [accounts.account_ref(caller.uid)])


#: Callable name (SPEC §4) -> handler.
CALLABLES: dict[str, Handler[Any, Any]] = {
    "createGameRoom": create_game_room,
    "joinGameRoom": join_game_room,
    "leaveGameRoom": leave_game_room,
    "toggleReady": toggle_ready,
    "exportDeals": export_deals,
    "startGame": start_game,
    "placeBid": place_bid,
    "chooseTeammate": choose_teammate,
    "playCard": play_card,
    "claim": claim,
    "respondClaim": respond_claim,
    "requestUndo": request_undo,
    "respondUndo": respond_undo,
    "inviteToRoom": invite_to_room,
    "updateRoomSettings": update_room_settings,
    "updateProfile": update_profile,
    "addBot": add_bot,
    "removeBot": remove_bot,
    "claimTimeout": claim_timeout,
    "watchRoom": watch_room,
    "stopWatching": stop_watching,
    "kickPlayer": kick_player,
    "sendMessage": send_message,
}
