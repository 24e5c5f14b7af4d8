"""Table chat (SPEC §13): what a message may say, and how often one person may send one.

Text is user input kept as given: trimmed of surrounding white space, never interpreted (no
markup, no escaping: a client renders it as text).
"""
from __future__ import annotations

from collections.abc import Sequence

from .errors import BridgeError, Reason

#: A message is 1-500 characters once trimmed.
MAX_TEXT = 500
#: At most this many messages per person per room in any `RATE_SECONDS`.
RATE_MESSAGES, RATE_SECONDS = 5, 10.0
#: A room keeps its latest messages only (the oldest is deleted as a new one is sent).
KEPT_MESSAGES = 100


def message_text(value: object) -> str:
    """The text to store: a string of 1-`MAX_TEXT` characters once trimmed (INVALID_ARGUMENT)."""
    if not isinstance(value, str):
        raise BridgeError(Reason.INVALID_ARGUMENT, "'text' must be a string.")
    text = value.strip()
    if not 1 <= len(text) <= MAX_TEXT:
        raise BridgeError(Reason.INVALID_ARGUMENT,
                          f"A message is 1-{MAX_TEXT} characters, not counting spaces around it.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, as JSON's "\ud800" decodes to
        raise BridgeError(Reason.INVALID_ARGUMENT, "'text' must be valid Unicode.") from None
    return text


def sent_within_limit(recent: Sequence[float], now: float) -> tuple[float, ...]:
    """The times one person sent messages in the last `RATE_SECONDS`, this one (at `now`) included;
    RATE_LIMITED when `recent` already holds `RATE_MESSAGES` of them."""
    window = tuple(t for t in recent if now - t < RATE_SECONDS)
    if len(window) >= RATE_MESSAGES:
        wait = RATE_SECONDS - (now - min(window))
        raise BridgeError(Reason.RATE_LIMITED,
                          f"At most {RATE_MESSAGES} messages in {RATE_SECONDS:g} seconds; wait {wait:.1f} s.")
    return (*window, now)
