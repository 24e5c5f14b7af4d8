"""The duplicate event callables (docs/DUPLICATE.md). Each parses its request, then runs one
transaction that reads the event (and, when it acts at a table, that table), applies the engine
(`bridge.event`), and writes the new state with `store`."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bridge import BridgeError, Reason
from bridge.event import Event, EventStatus
from bridge.wire import AddBotAnswer, CreateEventAnswer, Success

from . import accounts, payloads, store
from .callables import SUCCESS, display_name, require_free, write_account
from .endpoint import Call, Handler, takes
from .store import Applied, Data

Answer = TypeVar("Answer")

#: How many events one user may direct at once (waiting or playing). One playing, one taking
#: sign-ups for the next session, one to spare. Each can open up to 56 tables and have bots play
#: up to 224 boards in one call, so one account opens at most 168 live tables.
MAX_DIRECTED_EVENTS = 3


def _directing(txn: store.Transaction, account: Data | None) -> list[str]:
    """The events the caller directs that have not ended (their account's `directing`, without
    the ended or deleted ones): TOO_MANY_EVENTS when they are `MAX_DIRECTED_EVENTS` already."""
    listed: list[str] = (account or {}).get("directing", [])
    statuses = store.event_statuses(txn, listed)
    live = [event_id for event_id, status in zip(listed, statuses, strict=True) if status not in (None, "ended")]
    if len(live) >= MAX_DIRECTED_EVENTS:
        raise BridgeError(Reason.TOO_MANY_EVENTS,
                          f"You direct {len(live)} events that have not ended, the most at once: start one "
                          "or let one end first.")
    return live


@takes(payloads.CreateEventRequest)
def create_event(call: Call, request: payloads.CreateEventRequest) -> CreateEventAnswer:
    """Anyone signed in creates an event and directs it (a bounded number at once: `_directing`);
    its boards are dealt now. The caller's account lists it in `directing`."""
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[CreateEventAnswer]:
        account = store.read_account(txn, caller.uid)
        live = _directing(txn, account)
        ref = store.event_ref_new()
        event = Event.create(ref.id, caller.uid, request.form, boards=request.boards, tables=request.tables,
                             boards_per_round=request.boards_per_round, invite_only=request.invite_only,
                             invited=request.invited, turn_seconds=request.turn_seconds,
                             bot_level=request.bot_level)
        store.save_event(txn, None, event, ref)
        write_account(txn, caller, account, {"directing": [*live, ref.id]})
        return Applied(ref.id, {"eventID": ref.id})

    return store.run_action(call.action(request.request_id), body, [accounts.account_ref(caller.uid)])


def _on_event(call: Call, event_id: str, request_id: str | None,
              act: Callable[[store.Transaction, store.StoredEvent], Answer]) -> Answer:
    """The common shape: read the event (with the caller's request log, in one request), then
    `act` on it and write what changes; what `act` returns is the caller's answer."""

    def body(txn: store.Transaction) -> Applied[Answer]:
        return Applied(event_id, act(txn, store.load_event(txn, event_id)))

    return store.run_action(call.action(request_id), body, [store.state_ref(store.event_ref(event_id))])


@takes(payloads.EventSpotRequest)
def join_event_table(call: Call, request: payloads.EventSpotRequest) -> Success:
    """A signed-in user who sits nowhere else (`require_free`, checked before the event is read)
    takes a free spot of an event that has not started; their account's `eventID` names it."""
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[Success]:
        account = store.read_account(txn, caller.uid)
        require_free(txn, account)
        stored = store.load_event(txn, request.event_id)
        store.save_event(txn, stored, stored.event.join(caller.uid, display_name(caller, account), request.spot))
        write_account(txn, caller, account, {"eventID": request.event_id})
        return Applied(request.event_id, SUCCESS)

    return store.run_action(call.action(request.request_id), body,
                            [accounts.account_ref(caller.uid), store.state_ref(store.event_ref(request.event_id))])


@takes(payloads.EventSpotRequest)
def add_event_bot(call: Call, request: payloads.EventSpotRequest) -> AddBotAnswer:
    """The director puts a bot in a free spot."""

    def act(txn: store.Transaction, stored: store.StoredEvent) -> AddBotAnswer:
        event, bot = stored.event.add_bot(call.caller.uid, request.spot)
        store.save_event(txn, stored, event)
        return {"success": True, "uid": bot}

    return _on_event(call, request.event_id, request.request_id, act)


@takes(payloads.EventRequest)
def start_event(call: Call, request: payloads.EventRequest) -> Success:
    """The director starts a full event: the first round's tables are dealt and seated."""

    def act(txn: store.Transaction, stored: store.StoredEvent) -> Success:
        event, chains = stored.event.start(call.caller.uid)
        store.start_event_tables(txn, event, chains)
        store.save_event(txn, stored, event)
        return SUCCESS

    return _on_event(call, request.event_id, request.request_id, act)


@takes(payloads.EventRequest)
def leave_event(call: Call, request: payloads.EventRequest) -> None:
    """A player leaves an event: before the start their spot is free again; once it plays, a bot
    new to the event takes their seat at their table for the rest of it. Their account no longer
    names the event (`eventID`) nor, once it plays, their table (`roomID`)."""
    uid = call.caller.uid

    def act(txn: store.Transaction, stored: store.StoredEvent) -> None:
        event = stored.event
        account = store.read_account(txn, uid) or {}
        cleared: Data = {"eventID": None} if account.get("eventID") == request.event_id else {}
        if event.status is not EventStatus.PLAYING:
            store.save_event(txn, stored, event.leave(uid))
        else:
            table = event.table_of(uid)
            if table is None:
                raise BridgeError(Reason.NOT_IN_EVENT, "You have no spot in this event.")
            before = store.load_room(txn, table.room_id, None, uid)
            event, bot = event.replaced(uid)
            store.save_table(txn, before.ref, before, before.room.left_event(uid, bot.seat), stored, event)
            if account.get("roomID") == table.room_id:
                cleared["roomID"] = None
        if cleared:
            txn.update(accounts.account_ref(uid), cleared)

    _on_event(call, request.event_id, request.request_id, act)


#: Callable name -> handler.
EVENT_CALLABLES: dict[str, Handler[Any, Any]] = {
    "createEvent": create_event,
    "joinEventTable": join_event_table,
    "addEventBot": add_event_bot,
    "startEvent": start_event,
    "leaveEvent": leave_event,
}
