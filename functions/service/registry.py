"""Every callable by its deployed name: the rooms' (`callables`), the duplicate events'
(`events`) and the robot tournaments' (`tournaments`). `main` declares one function for each."""
from __future__ import annotations

from typing import Any

from .callables import CALLABLES
from .endpoint import Handler
from .events import EVENT_CALLABLES
from .tournaments import TOURNAMENT_CALLABLES

ALL_CALLABLES: dict[str, Handler[Any, Any]] = {**CALLABLES, **EVENT_CALLABLES, **TOURNAMENT_CALLABLES}
