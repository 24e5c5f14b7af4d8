from collections.abc import Sequence

class Search:
    """Double-dummy questions with one trump (-1: none), one side (a bit a seat: the seats whose
    tricks count) and one lead rule (`must_break`: trump may not be led until broken, unless the
    leader holds nothing else), for two or four seats, sharing one transposition table of at
    most `table_limit` entries (past it, the entries of the positions with the fewest cards are
    forgotten: answers stay exact). Cards are the engine's 0-51 (`13 * suit + rank - 2`), a hand
    a set of them as an int. The search releases the GIL while it answers; one question at a
    time per object."""

    def __init__(self, seats: int, trump: int, side: int, must_break: bool, table_limit: int = ...) -> None: ...
    def bound(self, hands: Sequence[int], leader: int, trick: Sequence[int], broken: bool, beta: int,
              budget: int) -> int:
        """A bound on the tricks the side takes of the remaining ones (the trick in progress, `trick`
        from `leader` on, included): at least the bound when it is `beta` or more, at most the bound
        when it is less (a fail-soft null-window search); -1 if `budget` nodes ran out first.
        `broken`: trump has been played. Raises ValueError for a position that is not one of play."""
    def every_layout(self, hands: Sequence[int], unknown: Sequence[int], unseen: int, voids: Sequence[int],
                     leader: int, broken: bool, need: int, budget: int) -> int:
        """At a trick's start: 1 if the side takes at least `need` of the tricks left in every
        layout of the `unseen` cards among the `unknown` seats (at most two; each as many cards as
        the known hands, none of a suit it is void in: `voids`, a bit a suit, by unknown seat; their
        entries of `hands` are ignored), 0 if not in some, -1 if `budget` ran out first (a node a
        layout besides the search's)."""
    @property
    def nodes(self) -> int:
        """The nodes (cards tried) the last question visited."""
    @property
    def entries(self) -> int:
        """The transposition table's entries."""
