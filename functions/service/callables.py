"""The SPEC §4 callables. Each parses its request, then runs one transaction that reads
what it needs, applies the engine, and writes the new state (see `store`)."""
from __future__ import annotations

from typing import Any, Callable

from bridge import BridgeError, Reason, Room, Settings, secure_rng

from . import accounts, payloads, store
from .endpoint import Caller

SUCCESS = {"success": True}


def _require_free(txn: store.Transaction, account: dict | None) -> None:
    """A player may be in one room at a time; an ended room no longer counts (SPEC §5.8)."""
    current = (account or {}).get("roomID")
    if current is not None and store.room_status(txn, current) not in (None, "ended"):
        raise BridgeError(Reason.ALREADY_IN_ROOM, "You are already in a room; leave it first.")


def _set_room_id(txn: store.Transaction, caller: Caller, account: dict | None, room_id: str | None) -> None:
    """Point the caller's account at a room, creating the account if no trigger made it."""
    if account is None:
        document = accounts.account_document(caller.uid, caller.name, caller.email)
        txn.create(accounts.account_ref(caller.uid), {**document, "roomID": room_id})
    else:
        txn.update(accounts.account_ref(caller.uid), {"roomID": room_id})


def _display_name(caller: Caller, account: dict | None) -> str:
    if account is not None:
        return account["displayName"]
    return accounts.display_name_for(caller.uid, caller.name, caller.email)


def _room_move(caller: Caller, room_id: str, expected_version: int | None, move: Callable[[Room], Room]) -> Room:
    """The common shape: load the room, apply one engine move, save the result."""

    def body(txn: store.Transaction) -> Room:
        before = store.load_room(txn, room_id, expected_version, caller.uid)
        room = move(before.room)
        store.save_room(txn, before.ref, before, room)
        return room

    return store.run_transaction(body)


def create_game_room(caller: Caller, data: Any) -> dict:
    request = payloads.CreateRoom.parse(data)
    settings = Settings().with_changes(request.settings)

    def body(txn: store.Transaction) -> str:
        account = store.read_account(txn, caller.uid)
        _require_free(txn, account)
        ref = store.room_ref_new()
        store.save_room(txn, ref, None, Room.create(caller.uid, _display_name(caller, account), settings))
        _set_room_id(txn, caller, account, ref.id)
        return ref.id

    return {"roomID": store.run_transaction(body)}


def join_game_room(caller: Caller, data: Any) -> dict:
    request = payloads.RoomAction.parse(data)

    def body(txn: store.Transaction) -> None:
        account = store.read_account(txn, caller.uid)
        if (account or {}).get("roomID") != request.room_id:
            _require_free(txn, account)
        before = store.load_room(txn, request.room_id, request.expected_version, caller.uid)
        room = before.room.join(caller.uid, _display_name(caller, account))
        store.save_room(txn, before.ref, before, room)
        _set_room_id(txn, caller, account, request.room_id)

    store.run_transaction(body)
    return SUCCESS


def leave_game_room(caller: Caller, data: Any) -> None:
    request = payloads.RoomAction.parse(data)

    def body(txn: store.Transaction) -> None:
        account = store.read_account(txn, caller.uid)
        before = store.load_room(txn, request.room_id, request.expected_version, caller.uid)
        store.save_room(txn, before.ref, before, before.room.leave(caller.uid))
        # A member of an ended room may already sit in another room: leave that pointer alone.
        if account is not None and account.get("roomID") == request.room_id:
            _set_room_id(txn, caller, account, None)

    store.run_transaction(body)
    return None


def toggle_ready(caller: Caller, data: Any) -> dict:
    request = payloads.RoomAction.parse(data)
    room = _room_move(caller, request.room_id, request.expected_version, lambda room: room.toggle_ready(caller.uid))
    return {**SUCCESS, "ready": room.seats[room.position_of(caller.uid)].ready}


def start_game(caller: Caller, data: Any) -> dict:
    request = payloads.StartGame.parse(data)

    def body(txn: store.Transaction) -> None:
        room_id = (store.read_account(txn, caller.uid) or {}).get("roomID")
        if room_id is None:
            raise BridgeError(Reason.NOT_IN_ROOM, "You are not in a room.")
        before = store.load_room(txn, room_id, request.expected_version, caller.uid)
        store.save_room(txn, before.ref, before, before.room.start(caller.uid, secure_rng()))

    store.run_transaction(body)
    return SUCCESS


def place_bid(caller: Caller, data: Any) -> None:
    request = payloads.PlaceBid.parse(data)
    _room_move(caller, request.room_id, request.expected_version,
               lambda room: room.place_bid(caller.uid, request.call, secure_rng()))
    return None


def choose_teammate(caller: Caller, data: Any) -> None:
    request = payloads.CardAction.parse(data)
    _room_move(caller, request.room_id, request.expected_version,
               lambda room: room.choose_partner(caller.uid, request.card))
    return None


def play_card(caller: Caller, data: Any) -> dict:
    request = payloads.CardAction.parse(data)
    _room_move(caller, request.room_id, request.expected_version, lambda room: room.play_card(caller.uid, request.card))
    return SUCCESS


def invite_to_room(caller: Caller, data: Any) -> dict:
    request = payloads.Invite.parse(data)

    def body(txn: store.Transaction) -> None:
        before = store.load_room(txn, request.room_id, request.expected_version, caller.uid)
        room = before.room.invite(caller.uid, request.invitee)
        if store.read_account(txn, request.invitee) is None:
            raise BridgeError(Reason.PLAYER_NOT_FOUND, "No player has that uid.")
        store.save_room(txn, before.ref, before, room)

    store.run_transaction(body)
    return SUCCESS


def update_room_settings(caller: Caller, data: Any) -> dict:
    request = payloads.UpdateSettings.parse(data)
    _room_move(caller, request.room_id, request.expected_version,
               lambda room: room.update_settings(caller.uid, request.changes))
    return SUCCESS


#: Callable name (SPEC §4) -> handler.
CALLABLES: dict[str, Callable[[Caller, Any], Any]] = {
    "createGameRoom": create_game_room,
    "joinGameRoom": join_game_room,
    "leaveGameRoom": leave_game_room,
    "toggleReady": toggle_ready,
    "startGame": start_game,
    "placeBid": place_bid,
    "chooseTeammate": choose_teammate,
    "playCard": play_card,
    "inviteToRoom": invite_to_room,
    "updateRoomSettings": update_room_settings,
}
