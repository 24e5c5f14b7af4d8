"""Double-dummy search for the bridge family, in C: how many of the remaining tricks a side can
take when every hand is known, against any defence. Any sides (a set of seats), two or four
hands of up to 13 cards, any trump or none, a trick in progress, and the rule that trump may not
be led until broken. The engine's `bridge.double_dummy` is the API the rest of the code uses."""
from ._search import Search

__all__ = ["Search"]
