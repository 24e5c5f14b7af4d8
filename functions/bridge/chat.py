"""Table chat (SPEC §13): what a message may say, and how often one person may send one.

Text is user input kept as given: trimmed of surrounding white space, never interpreted (no
markup, no escaping: a client renders it as text).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from .errors import BridgeError, Reason
from .request import Value

#: A message is 1-500 characters once trimmed.
MAX_TEXT = 500
#: At most this many messages per person per room in any `RATE_SECONDS`.
RATE_MESSAGES, RATE_SECONDS = 5, 10.0
#: A room keeps its latest messages only (the oldest is deleted as a new one is sent).
KEPT_MESSAGES = 100


def plain_text(value: object, field: str, most: int) -> str:
    """User text to store as given but trimmed (a message, an alert): a string of 1-`most`
    characters once trimmed, valid Unicode; INVALID_ARGUMENT naming `field` otherwise."""
    if not isinstance(value, str):
        raise BridgeError(Reason.INVALID_ARGUMENT, f"'{field}' must be a string.")
    text = value.strip()
    if not 1 <= len(text) <= most:
        raise BridgeError(Reason.INVALID_ARGUMENT,
                          f"'{field}' is 1-{most} characters, not counting spaces around it.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, as JSON's "\ud800" decodes to
        raise BridgeError(Reason.INVALID_ARGUMENT, f"'{field}' must be valid Unicode.") from None
    return text


def plain(field: str, most: int) -> Value[str]:
    """A request field `field` of user text (`plain_text`, 1-`most` characters). JSON Schema
    cannot count a string once trimmed: the schema asks for a non-empty string, and its
    description says the rest."""
    schema = {"type": "string", "minLength": 1, "description": f"1-{most} characters, not counting spaces around it."}
    return Value(lambda value: plain_text(value, field, most), schema)


#: The text of a chat message (SPEC §13), to store as `plain_text` gives it.
MESSAGE = plain("text", MAX_TEXT)


def sent_within_limit(recent: Sequence[float], now: float) -> tuple[float, ...]:
    """The times one person sent messages in the last `RATE_SECONDS`, this one (at `now`) included;
    RATE_LIMITED when `recent` already holds `RATE_MESSAGES` of them."""
    window = tuple(t for t in recent if now - t < RATE_SECONDS)
    if len(window) >= RATE_MESSAGES:
        wait = math.ceil((RATE_SECONDS - (now - min(window))) * 10) / 10
        raise BridgeError(Reason.RATE_LIMITED,
                          f"At most {RATE_MESSAGES} messages in {RATE_SECONDS:g} seconds; wait {wait:.1f} s.",
                          retry_after=wait)
    return (*window, now)
